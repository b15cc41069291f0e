import { describe, expect, it } from 'vitest';
import {
  backoff,
  callPlatform,
  retryAfterMs,
  type AttemptFailure,
  type CallPolicy,
} from './platform-call.js';
import { PlatformError } from './platform-error.js';

const policy: CallPolicy = {
  attemptTimeoutMs: 200,
  deadlineMs: 1000,
  maxAttempts: 4,
  retryBaseMs: 10,
};

class Answered extends Error {
  constructor(readonly failure: AttemptFailure) {
    super(failure.message);
  }
}

/** An attempt that fails with the given kinds in turn, then answers "ok". */
function script(...kinds: AttemptFailure['kind'][]) {
  let calls = 0;
  const attempt = async (signal: AbortSignal) => {
    const kind = kinds[calls++];
    if (kind === undefined) return 'ok';
    if (kind === 'timeout') {
      // Never answers; only the attempt's time-out ends it.
      return new Promise<string>((_resolve, reject) =>
        signal.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    }
    throw new Answered({ kind, message: kind, ...(kind === 'throttled' ? { waitMs: 20 } : {}) });
  };
  const classify = (error: unknown, timedOut: boolean): AttemptFailure =>
    timedOut
      ? { kind: 'timeout', message: 'timeout' }
      : error instanceof Answered
        ? error.failure
        : { kind: 'refused', message: String(error) };
  return { attempt, classify, calls: () => calls };
}

async function failureOf(promise: Promise<unknown>): Promise<PlatformError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PlatformError);
  return error as PlatformError;
}

describe('callPlatform', () => {
  it('repeats a read after a time-out and a 5xx, then answers', async () => {
    const s = script('timeout', 'server-error');
    await expect(callPlatform(policy, { idempotent: true }, s.attempt, s.classify)).resolves.toBe(
      'ok',
    );
    expect(s.calls()).toBe(3);
  });

  it('never repeats a mutation after a time-out or a 5xx', async () => {
    for (const kind of ['timeout', 'server-error'] as const) {
      const s = script(kind);
      const error = await failureOf(
        callPlatform(policy, { idempotent: false }, s.attempt, s.classify),
      );
      expect(s.calls()).toBe(1);
      expect(error.failure).toBe(kind === 'timeout' ? 'timeout' : 'unavailable');
    }
  });

  it('repeats a mutation the platform refused to run (429, THROTTLED)', async () => {
    const s = script('rate-limited', 'throttled');
    await expect(callPlatform(policy, { idempotent: false }, s.attempt, s.classify)).resolves.toBe(
      'ok',
    );
    expect(s.calls()).toBe(3);
  });

  it('fails at once when the platform is unreachable or refuses', async () => {
    for (const [kind, failure] of [
      ['unreachable', 'unreachable'],
      ['refused', 'refused'],
    ] as const) {
      const s = script(kind);
      const error = await failureOf(
        callPlatform(policy, { idempotent: true }, s.attempt, s.classify),
      );
      expect(s.calls()).toBe(1);
      expect(error.failure).toBe(failure);
      expect(error.merchantMessage).toMatch(/Shopify/);
    }
  });

  it('stops after maxAttempts', async () => {
    const s = script(
      'server-error',
      'server-error',
      'server-error',
      'server-error',
      'server-error',
    );
    const error = await failureOf(
      callPlatform(policy, { idempotent: true }, s.attempt, s.classify),
    );
    expect(s.calls()).toBe(4);
    expect(error.failure).toBe('unavailable');
  });

  it('ends a hung call by its deadline, retries included', async () => {
    const s = script('timeout', 'timeout', 'timeout', 'timeout');
    const started = performance.now();
    const error = await failureOf(
      callPlatform(
        { ...policy, maxAttempts: 10 },
        { idempotent: true, deadline: Date.now() + 500 },
        s.attempt,
        s.classify,
      ),
    );
    expect(error.failure).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(900);
  });

  it('does not wait for a Retry-After beyond the deadline', async () => {
    let calls = 0;
    const started = performance.now();
    const error = await failureOf(
      callPlatform(
        policy,
        { idempotent: true },
        async () => {
          calls++;
          throw new Error('429');
        },
        () => ({ kind: 'rate-limited', message: 'rate limited', waitMs: 60_000 }),
      ),
    );
    expect(calls).toBe(1);
    expect(error.failure).toBe('busy');
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('abandons an attempt that ignores its abort signal', async () => {
    const error = await failureOf(
      callPlatform(
        { ...policy, maxAttempts: 1 },
        { idempotent: true },
        () => new Promise<never>(() => undefined),
        (_error, timedOut) => ({ kind: timedOut ? 'timeout' : 'refused', message: 'x' }),
      ),
    );
    expect(error.failure).toBe('timeout');
  });
});

describe('backoff', () => {
  it('doubles per attempt and stays within [ceiling/2, ceiling]', () => {
    for (let n = 1; n <= 5; n++) {
      const ceiling = 100 * 2 ** (n - 1);
      for (let i = 0; i < 50; i++) {
        const wait = backoff(100, n);
        expect(wait).toBeGreaterThanOrEqual(ceiling / 2);
        expect(wait).toBeLessThanOrEqual(ceiling);
      }
    }
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs('0.5')).toBe(500);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:03 GMT', now)).toBe(3000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
    expect(retryAfterMs('-1')).toBeUndefined();
  });
});
