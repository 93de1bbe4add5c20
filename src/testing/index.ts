export * from './msw';
export * from './pairing';
export * from './storage';
export * from './test-wallet';
