export * from './fixtures';
export * from './handlers';
