/**
 * Screenshot comparison for the e2e files: a PNG compared with its reference in `e2e/__screenshots__/`,
 * pixel by pixel. A pixel differs when one of its channels is off by more than CHANNEL_TOLERANCE (anti-aliasing
 * moves edges by less); the picture matches when at most `maxDiffRatio` of its pixels differ. Regions that change
 * from run to run (a port, a new account's address) are left out of the comparison by rectangle, rather than
 * masked on the page: an overlay on the page could change what is shown (the secure frame disarms when covered).
 *
 * A missing reference is written and the test fails (it has nothing to compare with); set
 * KEYWAY_UPDATE_SCREENSHOTS=1 to write new references on purpose. On a mismatch the actual picture is written
 * to the system's temporary folder, and its path is in the failure.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';

const REFERENCES = join(dirname(fileURLToPath(import.meta.url)), '..', '__screenshots__');
const CHANNEL_TOLERANCE = 48;

/** A rectangle of the picture, in its pixels. */
export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CompareOptions {
  /** Pixels that may differ, as a share of all pixels (default 0.5 %). */
  maxDiffRatio?: number;
  /** Regions not compared. */
  ignore?: readonly Region[];
}

export interface ScreenshotDiff {
  /** Pixels that differ, as a share of all pixels (1 when the sizes differ). */
  ratio: number;
  width: number;
  height: number;
}

/** How far `actual` is from `expected` (two PNG files' bytes). */
export function comparePng(actual: Buffer, expected: Buffer, ignore: readonly Region[] = []): ScreenshotDiff {
  const a = PNG.sync.read(actual);
  const e = PNG.sync.read(expected);
  if (a.width !== e.width || a.height !== e.height) return { ratio: 1, width: a.width, height: a.height };
  const ignored = (x: number, y: number) =>
    ignore.some((r) => x >= r.x && x < r.x + r.width && y >= r.y && y < r.y + r.height);
  let differing = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    const pixel = i / 4;
    if (ignore.length && ignored(pixel % a.width, Math.floor(pixel / a.width))) continue;
    for (let c = 0; c < 4; c++) {
      if (Math.abs((a.data[i + c] ?? 0) - (e.data[i + c] ?? 0)) > CHANNEL_TOLERANCE) {
        differing++;
        break;
      }
    }
  }
  return { ratio: differing / (a.width * a.height), width: a.width, height: a.height };
}

/** Throws unless `png` matches the reference `name` (see the module's note). */
export function expectScreenshot(png: Buffer, name: string, options: CompareOptions = {}): void {
  const maxDiffRatio = options.maxDiffRatio ?? 0.005;
  const reference = join(REFERENCES, `${name}.png`);
  if (process.env.KEYWAY_UPDATE_SCREENSHOTS === '1' || !existsSync(reference)) {
    const missing = !existsSync(reference);
    mkdirSync(REFERENCES, { recursive: true });
    writeFileSync(reference, png);
    if (missing) throw new Error(`No reference screenshot "${name}": written now; check it and run again`);
    return;
  }
  const diff = comparePng(png, readFileSync(reference), options.ignore);
  if (diff.ratio <= maxDiffRatio) return;
  const actualPath = join(tmpdir(), `keyway-${name}.actual.png`);
  writeFileSync(actualPath, png);
  throw new Error(
    `Screenshot "${name}" differs from its reference in ${(diff.ratio * 100).toFixed(2)} % of its pixels ` +
      `(at most ${(maxDiffRatio * 100).toFixed(2)} % allowed); the actual picture: ${actualPath}`,
  );
}
