// A write whose outcome is unknown: the platform did not answer in time, answered with a server
// error, or the connection failed, so it may or may not have carried the write out. Such a
// write is never reported as not done: what the merchant is told says that it may have gone
// through, and the caller reads the platform's state back before answering or trying again.
import { PlatformError, type PlatformFailure } from './platform-error.js';

type UnknownFailure = Extract<PlatformFailure, 'timeout' | 'unavailable' | 'unreachable'>;

const LEAD: Record<UnknownFailure, (task: string) => string> = {
  timeout: (task) => `Shopify did not answer in time when we tried to ${task}`,
  unavailable: (task) => `Shopify had trouble when we tried to ${task}`,
  unreachable: (task) => `The connection to Shopify failed when we tried to ${task}`,
};

/** Whether the failed write may have been carried out all the same. */
export function outcomeUnknown(
  error: unknown,
): error is PlatformError & { failure: UnknownFailure } {
  return error instanceof PlatformError && error.failure in LEAD;
}

/** What happened, naming the task ("cancel your subscription"), without a full stop. */
export function unknownOutcomeLead(
  error: PlatformError & { failure: UnknownFailure },
  task: string,
): string {
  return LEAD[error.failure](task);
}
