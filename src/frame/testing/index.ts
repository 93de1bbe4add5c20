export * from './fake-frame.ts';
