export * from './classify.ts';
export * from './errors.ts';
export * from './events.ts';
export * from './fields.ts';
export * from './guard.ts';
export * from './rpc.ts';
