// The one error handler: every failure answers `{"Message": "…"}`, and a refused form adds
// `"Errors"`, each problem with its path (errors.ts). Known errors keep their
// status and text, zod failures give the first issue's message (the contracts carry the
// product's exact wording), a platform failure no route handled says what the merchant can
// do (try again in a minute: Shopify was slow, down or busy), anything unexpected becomes a generic 500 whose details stay in
// the logs.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '@gatehouse/contracts';
import { ZodError } from 'zod';
import { AppError, messages } from '../errors.js';
import { PlatformError } from '../platform/platform-error.js';

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
 * Fastify's own refusals before any route runs (an address it cannot decode): the same
 * `{"Message": "…"}` shape, without echoing the address.
 */
export function handleFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error.code === 'FST_ERR_BAD_URL') {
    return reply.status(400).send({ Message: messages.badUrl });
  }
  return handleError(error, request, reply);
}

/** Answers a failed request with its status and `{"Message": "…"}`. */
export function handleError(
  error: FastifyError | AppError | ZodError | PlatformError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error instanceof AppError) {
    if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    // A 401 says how to authenticate: with a bearer token.
    if (error.statusCode === 401) reply.header('www-authenticate', bearerChallenge(request));
    const body: ErrorBody = { Message: error.message };
    if (error.errors && error.errors.length > 0) body.Errors = error.errors;
    return reply.status(error.statusCode).send(body);
  }
  if (error instanceof PlatformError) {
    request.log.warn({ err: error }, 'platform call failed');
    return reply.status(400).send({ Message: error.merchantMessage });
  }
  if (error instanceof ZodError) {
    const message = error.issues[0]?.message ?? 'The request is not valid.';
    return reply.status(400).send({ Message: message });
  }
  const status = 'statusCode' in error ? error.statusCode : undefined;
  if (status === 413) return reply.status(413).send({ Message: messages.tooLarge });
  if (status === 429) return reply.status(429).send({ Message: messages.tooManyRequests });
  if (status === 415) {
    return reply.status(415).send({ Message: 'Please send the request as JSON.' });
  }
  if (status !== undefined && status >= 400 && status < 500) {
    const message = error.code?.startsWith('FST_ERR_CTP') ? messages.invalidJson : error.message;
    return reply.status(status).send({ Message: message });
  }
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send({ Message: messages.internal });
}
