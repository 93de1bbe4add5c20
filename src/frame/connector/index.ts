export * from './auth-api.ts';
export * from './connector.ts';
