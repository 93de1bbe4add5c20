/**
 * Spec §9's default log level is "error", and the kit has no log-level setting: its code writes to the console
 * only with `console.error` (failures a host must see). A line below error level (`console.warn`, `info`, `log`,
 * `debug`, `trace`) is allowed only for a host's setup mistake in a development build, inside an
 * `import.meta.env.DEV` check, so a production page logs errors and nothing else.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LOG_LEVEL } from './core/constants';

const SKIP = /\.(test|stories|fuzz\.test)\.tsx?$|\.d\.ts$/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !SKIP.test(entry.name) ? [path] : [];
  });
}

const BELOW_ERROR = /\bconsole\.(warn|info|log|debug|trace)\s*\(/;

describe('the log level', () => {
  it("is 'error': below it, only development-build warnings about a host's setup", () => {
    expect(DEFAULT_LOG_LEVEL).toBe('error');
    const offending: string[] = [];
    for (const file of sources(join(import.meta.dirname, '.'))) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (!BELOW_ERROR.test(line) || line.trimStart().startsWith('//') || line.trimStart().startsWith('*'))
          return;
        const before = lines.slice(Math.max(0, i - 3), i + 1).join('\n');
        if (!/import\.meta\.env\??\.DEV/.test(before))
          offending.push(`${relative(process.cwd(), file)}:${i + 1}`);
      });
    }
    expect(offending).toEqual([]);
  });
});
