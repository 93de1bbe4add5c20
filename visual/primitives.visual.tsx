import { afterAll, describe, expect, test } from 'vitest';
import { cleanup, MODES, show, WIDTHS } from './harness';
import { PrimitivesSheet } from './PrimitivesSheet';

afterAll(cleanup);

describe('display primitives', () => {
  for (const mode of MODES) {
    for (const width of WIDTHS) {
      test(`${mode} at ${width}px`, async () => {
        const root = await show(<PrimitivesSheet />, { mode, width });
        await expect.element(root).toMatchScreenshot(`primitives-${mode}-${width}`);
      });
    }
  }
});
