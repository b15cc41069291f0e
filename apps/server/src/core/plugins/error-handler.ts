// The one error handler: every failure answers `{"Message": "…", "code": "…", "issues": […]}`
// (the contracts' `errorBody`). Errors of the catalogue (errors.ts) keep their status, code,
// text and issues; a schema's refusal gives the first issue's message (the contracts carry the
// product's exact wording) and lists every issue with its path; a platform failure no route
// handled says what the merchant can do (try again in a minute: Shopify was slow, down or
// busy); fastify's own 4xx refusals get the code of their status; anything unexpected becomes
// a generic 500 whose details stay in the logs.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '@gatehouse/contracts';
import { ZodError } from 'zod';
import { AppError, errorBodyOf, issuesOf, messages } from '../errors.js';
import { PlatformError } from '../platform/platform-error.js';

/** The code of a refusal that came with a status only (fastify's own, a plugin's). */
const codeOfStatus: Readonly<Record<number, ErrorCode>> = {
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  406: 'not_acceptable',
  408: 'request_timeout',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  431: 'headers_too_large',
};

/** The text of a refusal whose own wording is not for the merchant (a parser's, a plugin's). */
const textOfStatus: Readonly<Record<number, string>> = {
  413: messages.tooLarge,
  415: 'Please send the request as JSON.',
  429: messages.tooManyRequests,
};

/** The challenge of a 401: the token was missing, or the one given is not (or no longer) valid. */
function bearerChallenge(request: FastifyRequest): string {
  return request.headers.authorization
    ? 'Bearer realm="Gatehouse", error="invalid_token"'
    : 'Bearer realm="Gatehouse"';
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(handleError);
}

/**
 * Fastify's own refusals before any route runs (an address it cannot decode): the same body,
 * without echoing the address.
 */
export function handleFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply.status(400).send(errorBodyOf(messages.badUrl, 'bad_url'));
  }
  return handleError(error, request, reply);
}

/** Answers a failed request with its status and the error body. */
export function handleError(
  error: FastifyError | AppError | ZodError | PlatformError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof AppError) {
    if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    // A 401 says how to authenticate: with a bearer token.
    if (error.statusCode === 401) reply.header('www-authenticate', bearerChallenge(request));
    return reply
      .status(error.statusCode)
      .send(errorBodyOf(error.message, error.code, error.issues));
  }
  if (error instanceof PlatformError) {
    request.log.warn({ err: error }, 'platform call failed');
    return reply.status(400).send(errorBodyOf(error.merchantMessage, 'platform_unavailable'));
  }
  if (error instanceof ZodError) {
    const message = error.issues[0]?.message ?? 'The request is not valid.';
    return reply.status(400).send(errorBodyOf(message, 'invalid_input', issuesOf(error)));
  }
  const status = 'statusCode' in error ? error.statusCode : undefined;
  if (status !== undefined && status >= 400 && status < 500) {
    const code = codeOfStatus[status] ?? 'bad_request';
    const fixed = textOfStatus[status];
    if (fixed !== undefined) return reply.status(status).send(errorBodyOf(fixed, code));
    if (error.code?.startsWith('FST_ERR_CTP')) {
      return reply.status(status).send(errorBodyOf(messages.invalidJson, 'invalid_json'));
    }
    return reply.status(status).send(errorBodyOf(error.message, code));
  }
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send(errorBodyOf(messages.internal, 'internal'));
}
