/**
 * Fault injection (test mode only): rules registered with POST /__admin/faults, or a per-request
 * `x-kw-fault` header (`status=500`, `slow=2000`, `malformed`, comma-separated to combine).
 */
import type { MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { App, AppEnv } from './app-types.ts';
import { badRequest, errorBody, parseOrThrow } from './errors.ts';

export const faultRuleSchema = z.object({
  path: z.string().min(1).max(300).startsWith('/', 'path must start with "/"'),
  mode: z.enum(['slow', 'status', 'malformed']),
  delayMs: z.number().int().min(0).max(60_000).optional(),
  status: z.number().int().min(400).max(599).optional(),
  times: z.number().int().min(1).max(1_000_000).optional(),
});
export type FaultRule = z.infer<typeof faultRuleSchema>;

interface ActiveRule extends FaultRule {
  matcher: RegExp;
  remaining: number;
}

interface Fault {
  mode: 'slow' | 'status' | 'malformed';
  delayMs: number;
  status: number;
}

const MALFORMED_BODY = '{"status": "FAILED", "reasons": [{"field": ';
const DEFAULT_DELAY_MS = 2000;
const DEFAULT_STATUS = 500;

const globToRegExp = (path: string): RegExp =>
  new RegExp(
    `^${path
      .split('*')
      .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}/?$`,
  );

function parseHeader(value: string): Fault[] {
  const faults: Fault[] = [];
  for (const part of value.split(',')) {
    const [rawKey, rawVal] = part.split('=').map((s) => s.trim());
    const key = rawKey?.toLowerCase();
    if (!key) continue;
    if (key === 'malformed') faults.push({ mode: 'malformed', delayMs: 0, status: 200 });
    else if (key === 'slow') {
      const ms = Number(rawVal ?? DEFAULT_DELAY_MS);
      if (!Number.isInteger(ms) || ms < 0 || ms > 60_000)
        throw badRequest('x-kw-fault', 'slow must be 0..60000 ms');
      faults.push({ mode: 'slow', delayMs: ms, status: 200 });
    } else if (key === 'status') {
      const st = Number(rawVal ?? DEFAULT_STATUS);
      if (!Number.isInteger(st) || st < 400 || st > 599)
        throw badRequest('x-kw-fault', 'status must be 400..599');
      faults.push({ mode: 'status', delayMs: 0, status: st });
    } else
      throw badRequest('x-kw-fault', `Unknown fault "${key}" (use status=<code>, slow=<ms> or malformed)`);
  }
  return faults;
}

export class FaultInjector {
  private rules: ActiveRule[] = [];

  add(rule: FaultRule): void {
    this.rules.push({
      ...rule,
      matcher: globToRegExp(rule.path),
      remaining: rule.times ?? Number.POSITIVE_INFINITY,
    });
  }

  clear(): void {
    this.rules = [];
  }

  list(): FaultRule[] {
    return this.rules.map(({ matcher: _m, remaining, ...r }) => ({
      ...r,
      ...(Number.isFinite(remaining) ? { times: remaining } : {}),
    }));
  }

  private take(path: string): Fault[] {
    const out: Fault[] = [];
    for (const rule of this.rules) {
      if (rule.remaining <= 0 || !rule.matcher.test(path)) continue;
      rule.remaining -= 1;
      out.push({
        mode: rule.mode,
        delayMs: rule.delayMs ?? DEFAULT_DELAY_MS,
        status: rule.status ?? DEFAULT_STATUS,
      });
    }
    this.rules = this.rules.filter((r) => r.remaining > 0);
    return out;
  }

  middleware(): MiddlewareHandler<AppEnv> {
    return async (c, next) => {
      if (c.req.path.startsWith('/__admin') || c.req.method === 'OPTIONS') return next();
      const header = c.req.header('x-kw-fault');
      const faults = [...(header ? parseHeader(header) : []), ...this.take(c.req.path)];
      for (const f of faults.filter((x) => x.mode === 'slow')) {
        await new Promise((r) => setTimeout(r, f.delayMs));
      }
      const status = faults.find((f) => f.mode === 'status');
      if (status) {
        return c.json(
          errorBody('fault', `Injected fault: status ${status.status}`),
          status.status as ContentfulStatusCode,
        );
      }
      if (faults.some((f) => f.mode === 'malformed')) {
        return c.body(MALFORMED_BODY, 200, { 'content-type': 'application/json' });
      }
      return next();
    };
  }

  routes(app: App): void {
    app.post('/__admin/faults', async (c) => {
      const rule = parseOrThrow(faultRuleSchema, await c.req.json().catch(() => undefined));
      this.add(rule);
      return c.json({ ok: true, faults: this.list() });
    });
    app.get('/__admin/faults', (c) => c.json({ faults: this.list() }));
    app.delete('/__admin/faults', (c) => {
      this.clear();
      return c.json({ ok: true, faults: [] });
    });
  }
}
