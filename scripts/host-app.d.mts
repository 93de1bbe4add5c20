// Types of scripts/host-app.mjs (a plain ESM script, also run by node directly).
export declare const repoRoot: string;
export declare function bin(name: string): string;
export declare function run(
  cmd: string,
  args: string[],
  cwd: string,
  env?: Record<string, string>,
): { ok: boolean; output: string };
export declare function packKit(outDir: string): string;
export declare function installKit(appDir: string, tarball: string): void;
export declare function writeViteApp(
  appDir: string,
  opts: { entry: string; files?: Record<string, string> },
): void;
export declare function buildViteApp(appDir: string): void;
export declare function gzipBytes(path: string): number;
export interface AppChunk {
  file: string;
  initial: boolean;
  gzip: number;
  kitSources: string[];
  /** The module a dynamic entry chunk stands for. */
  facadeModuleId: string | null;
  /** Module ids held by the chunk. */
  modules: string[];
  /** Files the chunk imports statically. */
  imports: string[];
  /** For each module of the chunk that imports others dynamically: the imported module ids. */
  dynamicEdges: Record<string, string[]>;
}
export declare function readAppGraph(appDir: string): AppChunk[];
export declare function kib(bytes: number): number;
