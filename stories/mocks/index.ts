/**
 * Fixtures and MSW handlers for stories. The implementation lives in `src/testing/msw` so that hosts get the
 * same mocks from `keyway/testing`; stories and unit tests import them from here or from there.
 */
export * from '../../src/testing/msw';
