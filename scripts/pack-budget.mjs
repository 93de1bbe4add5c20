#!/usr/bin/env node
// The package as a host would install it (`npm pack --dry-run`): its unpacked size, its number of files and its
// largest file against bench/pack-budget.json. Run after `npm run build`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * What breaks the budget, as sentences (empty when within it).
 * @param {{ unpackedSize: number, files: { path: string, size: number }[] }} pack
 * @param {{ maxUnpackedBytes: number, maxFiles: number, maxFileBytes: number }} budget
 * @returns {string[]}
 */
export function packOverBudget(pack, budget) {
  const over = [];
  if (pack.unpackedSize > budget.maxUnpackedBytes) {
    over.push(`unpacked ${pack.unpackedSize} bytes, budget ${budget.maxUnpackedBytes}`);
  }
  if (pack.files.length > budget.maxFiles) over.push(`${pack.files.length} files, budget ${budget.maxFiles}`);
  for (const f of pack.files) {
    if (f.size > budget.maxFileBytes)
      over.push(`${f.path} is ${f.size} bytes, budget ${budget.maxFileBytes} per file`);
  }
  return over;
}

function main() {
  const budget = JSON.parse(readFileSync(new URL('../bench/pack-budget.json', import.meta.url), 'utf8'));
  const [pack] = JSON.parse(
    execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }),
  );
  const largest = [...pack.files].sort((a, b) => b.size - a.size)[0];
  console.log(
    `Package: ${pack.size} bytes packed, ${pack.unpackedSize} unpacked, ${pack.files.length} files; largest ${largest?.path} (${largest?.size} bytes)`,
  );
  const over = packOverBudget(pack, budget);
  if (over.length) {
    console.error(`Over the pack budget (bench/pack-budget.json):\n- ${over.join('\n- ')}`);
    process.exit(1);
  }
  console.log('Within the pack budget (bench/pack-budget.json).');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
