/**
 * Fault injection (test mode only): rules registered with POST /__admin/faults, or a per-request
 * `x-kw-fault` header (`status=500`, `slow=2000`, `malformed`, `wrong-shape`, comma-separated to combine).
 * `malformed` answers 200 with truncated JSON, `wrong-shape` 200 with valid JSON of the wrong shape
 * (`{"unexpected":true}`); `slow` with a delay of at least the kit's client timeout acts as a timeout. A rule with
 * mode `substitute` answers normally but with every mention of the address `find` (in any case, with or
 * without 0x, e.g. inside call data) replaced by `replace`: a swap endpoint that names another spender or
 * router, as a compromised API would.
 */
import type { MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { getAddress, isAddress } from 'viem';
import { z } from 'zod';
import type { App, AppEnv } from './app-types.ts';
import { badRequest, errorBody, parseOrThrow } from './errors.ts';

const addressSchema = z.string().refine((a) => isAddress(a, { strict: false }), 'must be a 0x address');

export const faultRuleSchema = z
  .object({
    path: z.string().min(1).max(300).startsWith('/', 'path must start with "/"'),
    mode: z.enum(['slow', 'status', 'malformed', 'wrong-shape', 'substitute']),
    delayMs: z.number().int().min(0).max(60_000).optional(),
    status: z.number().int().min(400).max(599).optional(),
    times: z.number().int().min(1).max(1_000_000).optional(),
    /** mode `substitute`: the address to look for in the answer, and the one to put in its place. */
    find: addressSchema.optional(),
    replace: addressSchema.optional(),
  })
  .refine((r) => r.mode !== 'substitute' || (r.find !== undefined && r.replace !== undefined), {
    message: 'mode substitute needs find and replace addresses',
    path: ['find'],
  });
export type FaultRule = z.infer<typeof faultRuleSchema>;

interface ActiveRule extends FaultRule {
  matcher: RegExp;
  remaining: number;
}

interface Fault {
  mode: FaultRule['mode'];
  delayMs: number;
  status: number;
  find?: string;
  replace?: string;
}

const MALFORMED_BODY = '{"status": "FAILED", "reasons": [{"field": ';
/** Valid JSON that matches no response shape of API.md (mode `wrong-shape`). */
const WRONG_SHAPE_BODY = '{"unexpected":true}';
const DEFAULT_DELAY_MS = 2000;
const DEFAULT_STATUS = 500;

/** `text` with every mention of address `find` (0x-prefixed or bare hex, any case) naming `replace`. */
export function substituteAddress(text: string, find: string, replace: string): string {
  const hex = find.slice(2);
  return text
    .replace(new RegExp(`0x${hex}`, 'gi'), getAddress(replace))
    .replace(new RegExp(hex, 'gi'), replace.slice(2).toLowerCase());
}

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
    else if (key === 'wrong-shape') faults.push({ mode: 'wrong-shape', delayMs: 0, status: 200 });
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
      throw badRequest(
        'x-kw-fault',
        `Unknown fault "${key}" (use status=<code>, slow=<ms>, malformed or wrong-shape)`,
      );
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
        ...(rule.find && rule.replace ? { find: rule.find, replace: rule.replace } : {}),
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
      if (faults.some((f) => f.mode === 'wrong-shape')) {
        return c.body(WRONG_SHAPE_BODY, 200, { 'content-type': 'application/json' });
      }
      const substitutions = faults.filter((f) => f.mode === 'substitute' && f.find && f.replace);
      await next();
      if (substitutions.length === 0) return;
      let text = await c.res.text();
      for (const f of substitutions) text = substituteAddress(text, f.find!, f.replace!);
      const headers = new Headers(c.res.headers);
      headers.delete('content-length');
      const answered = c.res.status;
      c.res = undefined;
      c.res = new Response(text, { status: answered, headers });
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
