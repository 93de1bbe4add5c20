// Types of scripts/nextjs-example.mjs (a plain ESM script, also run by node directly).
export declare const scratch: string;
export declare const appDir: string;
export declare function connectionCookie(account?: string): string;
export declare function freePort(): Promise<number>;
export declare function prepareApp(): string;
export declare function buildApp(): { ok: boolean; output: string; seconds: number };
export declare function startApp(
  port: number,
  env?: Record<string, string>,
): Promise<{ url: string; output(): string; stop(): Promise<void> }>;
