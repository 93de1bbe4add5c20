/**
 * The frame page's validator for what the app sends it. The frame page (services/frame) uses it on its
 * window `message` listener (the handshake) and on the MessagePort it hands over (every later request).
 * It never throws: anything it does not accept returns `null`.
 */
import { type AppRequest, AppRequestSchema, type Handshake, HandshakeSchema } from './events.ts';

export interface FrameMessageGuardOptions {
  /** Exact origins (scheme://host[:port]) allowed to embed the frame and talk to it. */
  allowedOrigins: readonly string[];
}

/** The parts of a MessageEvent the guard reads. */
export interface IncomingWindowMessage {
  data: unknown;
  origin: string;
  source: unknown;
}

export interface FrameMessageGuard {
  isAllowedOrigin(origin: unknown): boolean;
  /**
   * Accepts the app's handshake only from an allowed origin, from `expectedSource` (the frame's
   * `window.parent`) and in the handshake's shape.
   */
  acceptHandshake(event: IncomingWindowMessage, expectedSource: unknown): Handshake | null;
  /** Validates a request that arrived on the port: one of the app → frame event schemas, or null. */
  parseRequest(data: unknown): AppRequest | null;
}

function normalizeOrigin(origin: string): string | null {
  try {
    const url = new URL(origin);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.origin;
  } catch {
    return null;
  }
}

export function createFrameMessageGuard({ allowedOrigins }: FrameMessageGuardOptions): FrameMessageGuard {
  const allowed = new Set<string>();
  for (const o of allowedOrigins) {
    const normalized = normalizeOrigin(o);
    if (normalized === null || normalized === 'null') throw new Error(`Invalid allowed origin: ${o}`);
    allowed.add(normalized);
  }

  const isAllowedOrigin = (origin: unknown) => typeof origin === 'string' && allowed.has(origin);

  return {
    isAllowedOrigin,
    acceptHandshake(event, expectedSource) {
      try {
        if (!event || !isAllowedOrigin(event.origin)) return null;
        if (expectedSource == null || event.source !== expectedSource) return null;
        const parsed = HandshakeSchema.safeParse(event.data);
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
    parseRequest(data) {
      try {
        const parsed = AppRequestSchema.safeParse(data);
        return parsed.success ? (parsed.data as AppRequest) : null;
      } catch {
        return null;
      }
    },
  };
}
