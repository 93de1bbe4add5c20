/**
 * Builds the playground with Vite (playground/vite.config.ts) into a cache folder named after a hash of
 * everything the build reads (the playground, the kit's sources, the lockfile and the build configs), so
 * `npm start`, the e2e set-up and the stack tests rebuild only after a change. Concurrent builds of the
 * same sources are safe: each writes a temporary folder and renames it into place.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { join, relative, resolve } from 'node:path';

const here = import.meta.dirname;
const repo = resolve(here, '..');
export const PLAYGROUND_CACHE = join(repo, 'node_modules', '.cache', 'keyway-playground');

const INPUT_DIRS = ['playground', 'src'];
const INPUT_FILES = ['package-lock.json', 'postcss.config.js'];
const SKIP = /(^|\/)(node_modules|\.|__screenshots__)|\.(test|stories)\.tsx?$/;

function listFiles(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const rel = relative(repo, path);
    if (SKIP.test(rel)) continue;
    if (entry.isDirectory()) listFiles(path, out);
    else if (entry.isFile()) out.push(path);
  }
}

/** A hash of every input of the build. */
export function playgroundSourceHash(): string {
  const files: string[] = [];
  for (const d of INPUT_DIRS) listFiles(join(repo, d), files);
  for (const f of INPUT_FILES) if (existsSync(join(repo, f))) files.push(join(repo, f));
  files.sort();
  const hash = createHash('sha256');
  for (const f of files) {
    hash.update(relative(repo, f));
    hash.update('\0');
    hash.update(readFileSync(f));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

export interface BuiltPlayground {
  dir: string;
  /** Whether an earlier build of the same sources was reused. */
  cached: boolean;
}

/** Runs `vite build` for the playground into `outDir` (no cache). */
export async function vitePlaygroundBuild(outDir: string): Promise<void> {
  const { build } = await import('vite');
  await build({
    configFile: join(here, 'vite.config.ts'),
    // Errors only: the stack's start-up output stays a list of services.
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
  });
}

/** The built playground for the current sources (built now if needed). */
export async function buildPlayground(opts: { force?: boolean } = {}): Promise<BuiltPlayground> {
  const dir = join(PLAYGROUND_CACHE, playgroundSourceHash());
  if (!opts.force && existsSync(join(dir, 'index.html')) && existsSync(join(dir, 'headless.html'))) {
    touchBuild(dir);
    return { dir, cached: true };
  }
  mkdirSync(PLAYGROUND_CACHE, { recursive: true });
  const tmp = `${dir}.tmp-${process.pid}-${Date.now()}`;
  try {
    await vitePlaygroundBuild(tmp);
    rmSync(dir, { recursive: true, force: true });
    try {
      renameSync(tmp, dir);
    } catch (error) {
      // Another process finished the same build first: use theirs.
      if (!existsSync(join(dir, 'index.html'))) throw error;
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  pruneCache(dir);
  return { dir, cached: false };
}

/** Marks a build as in use (servers call it every 10 minutes; pruning keeps builds touched in the last hour). */
export function touchBuild(dir: string): void {
  const now = new Date();
  try {
    utimesSync(dir, now, now);
  } catch {
    // Gone already: nothing to keep.
  }
}

/** Removes builds of older sources not used for an hour (a running server touches its build). */
function pruneCache(keep: string): void {
  const hourAgo = Date.now() - 3_600_000;
  for (const name of readdirSync(PLAYGROUND_CACHE)) {
    const path = join(PLAYGROUND_CACHE, name);
    if (path === keep) continue;
    try {
      if (statSync(path).mtimeMs < hourAgo) rmSync(path, { recursive: true, force: true });
    } catch {
      // Removed concurrently.
    }
  }
}
