/** The error shape of the Blockchain API (API.md): `{status: 'FAILED', reasons: [{field, description}]}`. */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';

export interface ErrorReason {
  field: string;
  description: string;
}

export interface ErrorBody {
  status: 'FAILED';
  reasons: ErrorReason[];
}

export class ApiError extends Error {
  readonly status: ContentfulStatusCode;
  readonly reasons: ErrorReason[];

  constructor(status: ContentfulStatusCode, field: string, description: string, more: ErrorReason[] = []) {
    super(description);
    this.status = status;
    this.reasons = [{ field, description }, ...more];
  }

  body(): ErrorBody {
    return { status: 'FAILED', reasons: this.reasons };
  }
}

export const badRequest = (field: string, description: string): ApiError =>
  new ApiError(400, field, description);

export function errorBody(field: string, description: string): ErrorBody {
  return { status: 'FAILED', reasons: [{ field, description }] };
}

export function sendError(c: Context, err: ApiError): Response {
  return c.json(err.body(), err.status);
}

/** Turns zod issues into reasons: field is the dotted path (or the given fallback), description the message. */
export function fromZod(error: z.ZodError, fallbackField = 'body'): ApiError {
  const reasons = error.issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.map(String).join('.') : fallbackField,
    description: issue.message,
  }));
  const [first, ...rest] = reasons;
  return new ApiError(400, first?.field ?? fallbackField, first?.description ?? 'Invalid input', rest);
}

/** Parses with zod and throws the API error shape on failure. */
export function parseOrThrow<T extends z.ZodType>(
  schema: T,
  value: unknown,
  fallbackField = 'body',
): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw fromZod(result.error, fallbackField);
  return result.data;
}
