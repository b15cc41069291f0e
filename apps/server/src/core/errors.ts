// The server's one error catalogue: every failure a caller may see, by its kind (a stable
// code listed in the contracts, `errorCodes`) and HTTP status, with the text the admin shows
// (it reads the `Message` field) and, for refused input, each problem with the path of what it
// is about (`issues`). A kind is made once, `createError(code, status)`, and thrown anywhere as
// `badRequest(message, issues)`.
import type { ErrorBody, ErrorCode, ErrorIssue } from '@gatehouse/contracts';
import type { ZodError } from 'zod';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    /** Each problem with its path in the request, for a form to show beside its field. */
    readonly issues: readonly ErrorIssue[] = [],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** One kind of failure: its code and status; each error of the kind says what went wrong. */
export function createError(code: ErrorCode, statusCode: number) {
  return (message: string, issues: readonly ErrorIssue[] = []) =>
    new AppError(statusCode, code, message, issues);
}

/** The answer's body: the sentence, the kind, and each problem with its path. */
export const errorBodyOf = (
  Message: string,
  code: ErrorCode,
  issues: readonly ErrorIssue[] = [],
): ErrorBody => ({ Message, code, issues: [...issues] });

/** A schema's problems, each with its path in what it checked. */
export function issuesOf(error: ZodError): ErrorIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
    code: issue.code,
    message: issue.message,
  }));
}

export const messages = {
  sessionExpired: 'Your session has expired. Please sign in again.',
  internal: 'Something went wrong on our side. Please try again.',
  tooLarge: 'The request is too large.',
  headersTooLarge:
    "The request headers are too large. Clear this site's cookies or shorten the address, then try again.",
  requestTimeout: 'The request took too long to arrive. Please try again.',
  malformedRequest: 'The request could not be read. Please try again.',
  badUrl: 'This address is not valid. Check it and try again.',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  notFound: 'Not found.',
  invalidJson: 'The request body is not valid JSON.',
  loginLinkExpired: 'This sign-in link has expired. Please sign in again.',
  personateLinkInvalid: 'This support link is invalid or has expired.',
  messageNotFound: 'That message does not exist.',
  platformUnavailable:
    'We could not reach Shopify to check your theme. Please try again in a moment.',
  supportUnauthorized: 'A valid support API key is required.',
  shopNotFound: 'No shop with that domain is known.',
  geoUnavailable:
    'The address data could not be loaded on our side. Please try again in a few minutes.',
} as const;

export const badRequest = createError('bad_request', 400);
export const invalidInput = createError('invalid_input', 400);
export const invalidRules = createError('invalid_rules', 400);
export const invalidJson = createError('invalid_json', 400);
const unauthorizedError = createError('unauthorized', 401);
export const unauthorized = (message: string = messages.sessionExpired) =>
  unauthorizedError(message);
export const forbidden = createError('forbidden', 403);
const notFoundError = createError('not_found', 404);
export const notFound = (message: string = messages.notFound) => notFoundError(message);
export const notAcceptable = createError('not_acceptable', 406);
export const conflict = createError('conflict', 409);
export const tooManyRequests = createError('too_many_requests', 429);
export const clientClosed = createError('client_closed', 499);
export const unavailable = createError('unavailable', 503);
