export * from './blockchain-api';
export * from './explorer-api';
export * from './http';
export * from './schemas';
