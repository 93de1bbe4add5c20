/**
 * Builds the frame page (services/frame/app) with Vite into a content-addressed cache directory, so a
 * restart with unchanged sources serves the previous build at once. The cache key covers everything that
 * can reach the page: the app itself, the whole of the kit's `src/` (a superset of what the app imports, so
 * a new import of another kit module can never be served from a stale build; hashing it takes
 * milliseconds), this builder, and the installed versions of every dependency (npm's record of the
 * installed tree, `node_modules/.package-lock.json`, else the lockfile).
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';

const HERE = import.meta.dirname;
export const APP_ROOT = resolve(HERE, 'app');
const REPO_ROOT = resolve(HERE, '../..');
export const INPUT_DIRS = [APP_ROOT, resolve(REPO_ROOT, 'src')];
export const INSTALLED_TREE = [
  resolve(REPO_ROOT, 'node_modules/.package-lock.json'),
  resolve(REPO_ROOT, 'package-lock.json'),
];
const DEFAULT_CACHE = resolve(REPO_ROOT, 'node_modules/.cache/keyway-frame');

async function listFiles(dir: string): Promise<string[]> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const e of entries) {
    const full = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await listFiles(full)));
    else if (e.isFile() && !/\.(test|stories)\.tsx?$/.test(e.name)) out.push(full);
  }
  return out.sort();
}

/** The cache key: a hash of the input directories' files (tests and stories aside), the installed tree and this file. */
export async function sourceHash(inputDirs = INPUT_DIRS, installedTree = INSTALLED_TREE): Promise<string> {
  const hash = createHash('sha256');
  for (const tree of installedTree) {
    if (await exists(tree)) {
      hash.update(await readFile(tree));
      break;
    }
  }
  hash.update(await readFile(import.meta.filename));
  for (const file of (await Promise.all(inputDirs.map(listFiles))).flat()) {
    hash.update(relative(REPO_ROOT, file));
    hash.update(await readFile(file));
  }
  return hash.digest('hex').slice(0, 16);
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/** Builds kept besides the newest one (servers hold their build in memory, so pruning is safe). */
const KEEP_BUILDS = 4;
const STALE_TMP_MS = 60 * 60 * 1000;

async function pruneCache(cacheDir: string, keep: string): Promise<void> {
  try {
    const entries = await Promise.all(
      (await readdir(cacheDir)).map(async (name) => {
        const path = join(cacheDir, name);
        return { name, path, mtime: (await stat(path)).mtimeMs };
      }),
    );
    const builds = entries.filter((e) => !e.name.includes('.tmp-') && e.path !== keep);
    builds.sort((a, b) => b.mtime - a.mtime);
    const stale = [
      ...builds.slice(KEEP_BUILDS),
      ...entries.filter((e) => e.name.includes('.tmp-') && Date.now() - e.mtime > STALE_TMP_MS),
    ];
    await Promise.all(stale.map((e) => rm(e.path, { recursive: true, force: true })));
  } catch {
    // Pruning is best effort.
  }
}

const inFlight = new Map<string, Promise<string>>();

/** Returns the directory holding the built page (index.html, callback.html, assets/). */
export async function buildFrameApp(cacheDir: string = DEFAULT_CACHE): Promise<string> {
  const key = await sourceHash();
  const outDir = join(cacheDir, key);
  if (await exists(join(outDir, 'index.html'))) return outDir;
  const pending = inFlight.get(outDir);
  if (pending) return pending;
  const job = (async () => {
    await mkdir(cacheDir, { recursive: true });
    const tmp = join(cacheDir, `${key}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`);
    const { build } = await import('vite');
    await build({
      root: APP_ROOT,
      configFile: false,
      logLevel: 'warn',
      publicDir: false,
      base: '/',
      build: {
        outDir: tmp,
        emptyOutDir: true,
        sourcemap: false,
        modulePreload: { polyfill: false },
        assetsInlineLimit: 0,
        rolldownOptions: {
          input: { index: join(APP_ROOT, 'index.html'), callback: join(APP_ROOT, 'callback.html') },
        },
      },
    });
    try {
      await rename(tmp, outDir);
    } catch (error) {
      // Another process finished the same build first: keep theirs.
      await rm(tmp, { recursive: true, force: true });
      if (!(await exists(join(outDir, 'index.html')))) throw error;
    }
    await pruneCache(cacheDir, outDir);
    return outDir;
  })().finally(() => inFlight.delete(outDir));
  inFlight.set(outDir, job);
  return job;
}
