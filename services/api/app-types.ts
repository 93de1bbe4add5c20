import type { Hono } from 'hono';

/** `requestId`: services/http-ops.ts, on every request. */
export type AppEnv = { Variables: { projectId: string; requestId: string } };
export type App = Hono<AppEnv>;
