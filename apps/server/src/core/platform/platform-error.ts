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

/**
 * What happened, by why the platform failed, without advice: for what Gatehouse retries by
 * itself, where telling the merchant to try again would be advice they need not follow.
 * `task` names what Gatehouse was doing for them ("check order #1001"), when known.
 */
export function platformFailureFact(failure: PlatformFailure, task?: string): string {
  switch (failure) {
    case 'timeout':
      return `Shopify is not answering${task ? `, so we could not ${task}` : ''}.`;
    case 'unreachable':
      return `We could not reach Shopify${task ? ` to ${task}` : ''}.`;
    case 'busy':
      return `Shopify is receiving too many requests for your store right now${task ? `, so we could not ${task}` : ''}.`;
    case 'unavailable':
      return `Shopify is having trouble right now${task ? `, so we could not ${task}` : ''}.`;
    case 'refused':
      return `Shopify refused ${task ? `to let us ${task}` : 'the request'}.`;
  }
}

/**
 * What the merchant is told, by why the platform failed: what happened and what to do about
 * it. `task` names what Gatehouse was doing for them ("check your theme"), when the route knows.
 */
export function platformFailureMessage(failure: PlatformFailure, task?: string): string {
  switch (failure) {
    case 'timeout':
      return `Shopify did not answer in time${task ? ` when we tried to ${task}` : ''}. Please try again in a minute.`;
    case 'unreachable':
      return `${platformFailureFact(failure, task)} Shopify may be down or your connection to it interrupted; please try again in a few minutes.`;
    case 'busy':
      return `${platformFailureFact(failure, task)} Please wait a minute and try again.`;
    case 'unavailable':
      return `${platformFailureFact(failure, task)} Please try again in a few minutes.`;
    case 'refused':
      return `${platformFailureFact(failure, task)} Please sign in to Gatehouse again, then try again.`;
  }
}

/** The messages without a task, for failures no route explained. */
export const platformMessages: Record<PlatformFailure, string> = {
  timeout: platformFailureMessage('timeout'),
  unreachable: platformFailureMessage('unreachable'),
  busy: platformFailureMessage('busy'),
  unavailable: platformFailureMessage('unavailable'),
  refused: platformFailureMessage('refused'),
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

  /** What the merchant can do about it, naming what Gatehouse was doing for them. */
  messageFor(task: string): string {
    return platformFailureMessage(this.failure, task);
  }

  /** What happened to what Gatehouse was doing, without advice (it retries by itself). */
  factFor(task: string): string {
    return platformFailureFact(this.failure, task);
  }
}
