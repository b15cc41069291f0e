// The server's one error catalogue: every failure a caller may see, with its HTTP status and
// the text the admin shows (it reads the `Message` field), and, for a form's refused input,
// each problem with the path of what it is about (`Errors`).
import type { FieldError } from '@gatehouse/contracts';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Each problem with its path in the request body, for the form to show beside its field. */
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }
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

export const badRequest = (message: string, errors?: FieldError[]) =>
  new AppError(400, message, errors);
export const unauthorized = (message: string = messages.sessionExpired) =>
  new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message: string = messages.notFound) => new AppError(404, message);
