import { describe, expect, it } from 'vitest';
import { throttleWaitMs } from './throttle.js';

const throttled = (cost: object | undefined) => ({
  errors: { graphQLErrors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }] },
  ...(cost ? { extensions: { cost } } : {}),
});

describe('throttleWaitMs', () => {
  it('waits until the bucket holds the points the query needs', () => {
    const body = throttled({
      requestedQueryCost: 152,
      actualQueryCost: null,
      throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 2, restoreRate: 100 },
    });
    expect(throttleWaitMs(body)).toBe(1500);
  });

  it('waits a second when the answer does not say', () => {
    expect(throttleWaitMs(throttled(undefined))).toBe(1000);
  });

  it('is null for any other answer', () => {
    expect(throttleWaitMs({ errors: { graphQLErrors: [{ message: 'Field x' }] } })).toBeNull();
    expect(throttleWaitMs({ errors: { message: 'nope' } })).toBeNull();
    expect(throttleWaitMs(null)).toBeNull();
  });
});
