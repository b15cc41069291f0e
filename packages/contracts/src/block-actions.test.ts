import { describe, expect, it } from 'vitest';
import { describeOrderAction } from './order-action-words.js';

describe('what an order log entry says of the block actions', () => {
  it('names the address or email, and whether it was done, would be, or is asked', () => {
    const said = (action: 'block-ip' | 'block-email', status: 'done' | 'monitored' | 'failed') =>
      describeOrderAction({
        action,
        status,
        params: { ip: '203.0.113.7', email: 'buyer@example.com' },
        result: null,
      });
    expect(said('block-ip', 'done')).toBe('Blocked 203.0.113.7');
    expect(said('block-email', 'done')).toBe('Added buyer@example.com to the Customer Block Lists');
    expect(said('block-email', 'monitored')).toBe(
      'Would add buyer@example.com to the Customer Block Lists (monitor mode)',
    );
    expect(said('block-email', 'failed')).toBe('Add buyer@example.com to the Customer Block Lists');
  });
});
