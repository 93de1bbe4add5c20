/**
 * Right-to-left layout: the kit's styles use logical properties only (`insetInlineStart`, `marginInlineEnd`,
 * `paddingInline`, `textAlign: 'start'`…), so a root with `dir="rtl"` mirrors every view without its own styles.
 * This test reads every `src/**\/*.css.ts` and fails on a physical left/right property or value, naming the file
 * and line.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');

const PHYSICAL_KEY =
  /(?:^|[\s{,])['"]?(left|right|marginLeft|marginRight|paddingLeft|paddingRight|border(?:Left|Right)\w*|border(?:Top|Bottom)(?:Left|Right)Radius|scroll(?:Margin|Padding)(?:Left|Right)|margin-(?:left|right)|padding-(?:left|right)|border-(?:left|right)[\w-]*|border-(?:top|bottom)-(?:left|right)-radius)['"]?\s*:/;
const PHYSICAL_VALUE = /\b(textAlign|text-align|float|clear)['"]?\s*:\s*['"](left|right)['"]/;

function cssFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...cssFiles(path));
    else if (entry.name.endsWith('.css.ts')) out.push(path);
  }
  return out;
}

/** The file's text with comments blanked (line numbers kept), so prose about "left" is not a finding. */
function withoutComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"])\/\/.*$/gm, (_, lead: string) => lead);
}

function physicalProperties(text: string): string[] {
  const findings: string[] = [];
  withoutComments(text)
    .split('\n')
    .forEach((line, i) => {
      const m = PHYSICAL_KEY.exec(line) ?? PHYSICAL_VALUE.exec(line);
      if (m) findings.push(`${i + 1}: ${line.trim()}`);
    });
  return findings;
}

describe('logical properties', () => {
  it('finds physical properties and values, and passes logical ones', () => {
    expect(physicalProperties('export const a = style({ left: 0, top: 0 });')).toHaveLength(1);
    expect(physicalProperties("const a = style({\n  marginRight: '4px',\n});")).toEqual([
      "2: marginRight: '4px',",
    ]);
    expect(physicalProperties("style({ textAlign: 'right' })")).toHaveLength(1);
    expect(physicalProperties("globalStyle(x, { 'padding-left': 0 })")).toHaveLength(1);
    expect(physicalProperties('style({ borderTopLeftRadius: 4 })')).toHaveLength(1);
    expect(
      physicalProperties(
        "style({ insetInlineStart: 0, marginInlineEnd: 4, paddingInline: 2, textAlign: 'start', borderInlineStartWidth: 1 })",
      ),
    ).toEqual([]);
    expect(
      physicalProperties('// the chevron sits on the right: it points forward\nstyle({ top: 0 })'),
    ).toEqual([]);
  });

  it('every .css.ts of the kit uses logical properties only', () => {
    const files = cssFiles(SRC);
    expect(files.length).toBeGreaterThan(20);
    const findings = files.flatMap((f) =>
      physicalProperties(readFileSync(f, 'utf8')).map((line) => `${relative(SRC, f)}:${line}`),
    );
    expect(findings).toEqual([]);
  });
});
