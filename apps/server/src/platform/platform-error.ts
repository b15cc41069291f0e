// The one error every call to the platform fails with, saying why in a way callers can act on:
// whether the platform was slow, down, busy or said no, and a sentence for the merchant.
export type PlatformFailure =
  /** No answer within the call's time budget (a hung or very slow platform). */
  | 'timeout'
  /** The connection failed: the platform is down or unreachable. */
  | 'unreachable'
  /** Rate limited (429) or GraphQL THROTTLED for longer than the budget allows. */
  | 'busy'
  /** The platform answered 5xx every time it was asked. */
  | 'unavailable'
  /** The platform answered and refused: 4xx, GraphQL errors, user errors, a bad answer. */
  | 'refused';

export const platformMessages: Record<PlatformFailure, string> = {
  timeout: 'Shopify did not answer in time. Please try again in a minute.',
  unreachable: 'We could not reach Shopify. Please try again in a minute.',
  busy: 'Shopify is busy right now. Please try again in a minute.',
  unavailable: 'Shopify is having trouble right now. Please try again in a few minutes.',
  refused: 'Shopify refused the request. Please sign in again and retry.',
};

export class PlatformError extends Error {
  override name = 'PlatformError';
  readonly failure: PlatformFailure;

  constructor(message: string, options: { failure?: PlatformFailure; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.failure = options.failure ?? 'refused';
  }

  /** What the merchant can do about it. */
  get merchantMessage(): string {
    return platformMessages[this.failure];
  }
}
