/**
 * The one error shape of the service (ApiErrorBody of the contract): `{ error, message, field? }`.
 * Validation failures name the offending field; unexpected failures are logged and answered without
 * any detail, so no stack trace or internal message ever reaches a client.
 */
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { vValidator } from '@hono/valibot-validator';
import * as v from 'valibot';
import type { Logger } from 'pino';
import type { ApiErrorBody } from '../../contract/index.ts';

export function apiError(c: Context, status: ContentfulStatusCode, error: string, message: string, field?: string) {
  const body: ApiErrorBody = field === undefined ? { error, message } : { error, message, field };
  return c.json(body, status);
}

/**
 * A JSON answer no cache may keep (it is about one person or one export). Built as a plain Response:
 * with headers given as an object @hono/node-server writes them as they are, where c.header() and
 * c.json() would build a WHATWG Headers object for two headers.
 */
export const noStoreJson = (body: unknown, status: ContentfulStatusCode = 200): Response => noStoreJsonText(JSON.stringify(body), status);

/** noStoreJson's answer for a body already written as JSON text. */
export const noStoreJsonText = (json: string, status: ContentfulStatusCode = 200): Response =>
  new Response(json, { status, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } });

export const invalidRequest = (c: Context, message: string, field: string) => apiError(c, 400, 'INVALID_REQUEST', message, field);

/** vValidator answering 400 `{ error: 'INVALID_REQUEST', message, field }` for the first issue. */
export function validated<T extends v.GenericSchema, Target extends 'json' | 'query'>(target: Target, schema: T) {
  return vValidator(target, schema, (result, c) => {
    if (result.success) return;
    const issue = result.issues[0];
    const field = (issue && v.getDotPath(issue)) || (target === 'json' ? 'body' : 'query');
    return invalidRequest(c, issue?.message ?? 'Invalid request.', field);
  });
}

export function createErrorHandler(logger: Logger): ErrorHandler {
  return (error, c) => {
    if (error instanceof HTTPException && error.status < 500) {
      // Hono's own 4xx (malformed JSON, ...): its message is written for clients.
      const code = error.status === 400 ? 'INVALID_REQUEST' : 'REQUEST_REFUSED';
      return apiError(
        c,
        error.status as ContentfulStatusCode,
        code,
        error.message || 'Bad request.',
        error.status === 400 ? 'body' : undefined,
      );
    }
    logger.error({ err: error, method: c.req.method, path: c.req.path }, 'request failed');
    return apiError(c, 500, 'INTERNAL_ERROR', 'Something went wrong, please try again later.');
  };
}

export const apiNotFound: NotFoundHandler = (c) => apiError(c, 404, 'NOT_FOUND', 'No such API call.');
