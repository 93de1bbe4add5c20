/**
 * The committed API report (`api/*.api.md`) says every name the public entries export: an export added, removed,
 * deprecated or changed in its signature without the report rewritten fails here, so every change of the public
 * surface is seen in review.
 */
import { describe, expect, it } from 'vitest';
import { apiReports, staleReports } from './api-report';

describe('the API report', () => {
  it('matches what the entries export (npx tsx scripts/api-report.ts rewrites it)', {
    timeout: 120_000,
  }, () => {
    const reports = apiReports();
    expect(Object.keys(reports).length).toBe(6);
    expect(reports['api/keyway.api.md']).toContain('- `createKeyway` · function: `(input: KeywayOptions');
    expect(staleReports(reports)).toEqual([]);
  });
});
