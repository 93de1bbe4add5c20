import type { Hono } from 'hono';

export type AppEnv = { Variables: { projectId: string } };
export type App = Hono<AppEnv>;
