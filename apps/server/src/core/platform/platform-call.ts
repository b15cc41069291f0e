// Runs one call to the platform within a time budget. Each attempt has its own time-out and
// is abandoned (its request aborted) when it runs out; what is safe to repeat is repeated
// with exponential back-off and jitter; a 429's Retry-After and GraphQL's restore rate are
// waited out when they fit the budget. The whole call, waits included, ends by its deadline,
// so a hung platform costs the merchant seconds, never minutes.
import { setTimeout as sleep } from 'node:timers/promises';
import { PlatformError, type PlatformFailure } from './platform-error.js';

export interface CallPolicy {
  /** One attempt is abandoned after this long. */
  attemptTimeoutMs: number;
  /** The whole call, retries and waits included, ends within this long. */
  deadlineMs: number;
  /** Attempts at most, the first one included. */
  maxAttempts: number;
  /** The first back-off; it doubles per attempt, with jitter. */
  retryBaseMs: number;
}

/** Why one attempt failed, and whether the platform said how long to wait. */
export interface AttemptFailure {
  kind: 'timeout' | 'unreachable' | 'rate-limited' | 'throttled' | 'server-error' | 'refused';
  /** How long the platform asked us to wait (Retry-After, restore rate). */
  waitMs?: number;
  message: string;
  cause?: unknown;
}

export interface CallOptions {
  /**
   * True when repeating the request cannot do anything twice: reads, and mutations the
   * platform makes idempotent. Otherwise only answers that prove the request was not run
   * (429, THROTTLED) are retried.
   */
  idempotent: boolean;
  /** An absolute time (ms since epoch) shared by several calls that make one merchant action. */
  deadline?: number;
}

/** Failures of the kind the platform rejected before doing anything: always safe to repeat. */
const NOT_RUN = new Set<AttemptFailure['kind']>(['rate-limited', 'throttled']);
/** Failures after which the request may or may not have been run. */
const MAYBE_RUN = new Set<AttemptFailure['kind']>(['timeout', 'server-error']);

const FAILURE_OF: Record<AttemptFailure['kind'], PlatformFailure> = {
  timeout: 'timeout',
  unreachable: 'unreachable',
  'rate-limited': 'busy',
  throttled: 'busy',
  'server-error': 'unavailable',
  refused: 'refused',
};

/** How long a write's request stays open for a late answer after its caller gave up on it. */
export const LATE_ANSWER_MS = 2 * 60 * 1000;

/** The shortest attempt worth starting: below it the call is given up at once. */
const MIN_ATTEMPT_MS = 100;

export function callDeadline(policy: CallPolicy): number {
  return Date.now() + policy.deadlineMs;
}

/**
 * A merchant action that makes several platform calls (signing in, publishing settings) gives
 * them one deadline, started once: together they end within one call's budget, not one each.
 */
export interface SharedDeadline {
  /** An absolute time (ms since epoch); absent = the call starts its own. */
  deadline?: number;
}

/**
 * Runs `attempt` until it succeeds, fails in a way not worth repeating, or the budget is
 * spent. `classify` turns what an attempt threw into an AttemptFailure; `timedOut` says
 * whether the attempt's own time-out fired.
 */
export async function callPlatform<T>(
  policy: CallPolicy,
  options: CallOptions,
  attempt: (signal: AbortSignal) => Promise<T>,
  classify: (error: unknown, timedOut: boolean) => AttemptFailure,
): Promise<T> {
  const deadline = Math.min(options.deadline ?? Infinity, callDeadline(policy));
  for (let attemptNo = 1; ; attemptNo++) {
    const left = deadline - Date.now();
    if (left < MIN_ATTEMPT_MS) {
      throw new PlatformError('No time left to ask the platform', { failure: 'timeout' });
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), Math.min(policy.attemptTimeoutMs, left));
    let failure: AttemptFailure;
    try {
      return await abandonOnAbort(attempt(controller.signal), controller.signal);
    } catch (error) {
      // An attempt that already decided (e.g. the answer was refused) is not repeated.
      if (error instanceof PlatformError) throw error;
      failure = classify(error, controller.signal.aborted);
    } finally {
      clearTimeout(timer);
    }
    const repeatable =
      NOT_RUN.has(failure.kind) || (options.idempotent && MAYBE_RUN.has(failure.kind));
    const wait = failure.waitMs ?? backoff(policy.retryBaseMs, attemptNo);
    const fits = Date.now() + wait + MIN_ATTEMPT_MS <= deadline;
    if (!repeatable || attemptNo >= policy.maxAttempts || !fits) {
      throw new PlatformError(`${failure.message} (attempt ${attemptNo})`, {
        failure: FAILURE_OF[failure.kind],
        cause: failure.cause,
      });
    }
    await sleep(wait);
  }
}

/** Full-jitter exponential back-off: a random wait in [base·2ⁿ⁻¹/2, base·2ⁿ⁻¹]. */
export function backoff(baseMs: number, attemptNo: number): number {
  const ceiling = baseMs * 2 ** (attemptNo - 1);
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

/** Retry-After in seconds (or an HTTP date) as milliseconds; undefined when absent or bad. */
export function retryAfterMs(
  header: string | null | undefined,
  now = Date.now(),
): number | undefined {
  if (!header) return undefined;
  if (/^\s*[-+]?[\d.]+\s*$/.test(header)) {
    const seconds = Number(header);
    return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds * 1000) : undefined;
  }
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Settles as soon as the signal aborts, even if the attempt itself ignores it. */
function abandonOnAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('The platform did not answer in time'));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
