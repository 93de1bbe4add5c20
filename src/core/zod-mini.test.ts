import { describe, expect, it } from 'vitest';
import { config } from 'zod/v4/core';
import { z } from './zod-mini';

describe('zod/mini entry', () => {
  it('turns the JIT off before any schema exists (no Function probe under a strict CSP)', () => {
    expect(config().jitless).toBe(true);
  });

  it('reads issues in English, as the classic API does', () => {
    const result = z.strictObject({ name: z.string().check(z.maxLength(3)) }).safeParse({ name: 1, x: 1 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Invalid input: expected string, received number',
      'Unrecognized key: "x"',
    ]);
  });
});
