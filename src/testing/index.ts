export * from './msw';
export * from './storage';
export * from './test-wallet';
