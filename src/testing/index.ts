export * from './msw';
export * from './pairing';
export * from './solana-wallet';
export * from './storage';
export * from './test-wallet';
