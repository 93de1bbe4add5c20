/**
 * For the names tests: an API under which every name is free, with no suggestions and no names of an address;
 * `registerName` is the test's own (what it posts, what the API answers).
 */
import type { NameApi } from './store';

export const freeNamesApi = (registerName: NameApi['registerName']): NameApi => ({
  getProfile: async () => null,
  getNameSuggestions: async () => [],
  reverseProfile: async () => [],
  registerName,
});
