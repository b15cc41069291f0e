import { describe, expect, it } from 'vitest';
import { interruptedText } from './interrupted-text.js';

describe('interruptedText', () => {
  const retryAt = new Date(2031, 0, 1, 12, 4, 30);

  it('names the time of the retry, in the local time', () => {
    expect(interruptedText(retryAt.toISOString(), retryAt.getTime() - 60_000)).toBe(
      'Another attempt was interrupted; Gatehouse retries at 12:04 PM.',
    );
  });

  it('says the retry is under way once its time has passed', () => {
    expect(interruptedText(retryAt.toISOString(), retryAt.getTime() + 1000)).toBe(
      'Another attempt was interrupted; Gatehouse is retrying now.',
    );
  });
});
