import { describe, expect, it } from 'vitest';
import { accessRequestsText } from './access-request-counts.js';

describe('a rule’s access requests this week', () => {
  it('says how many, and nothing for none', () => {
    expect(accessRequestsText(undefined)).toBeNull();
    expect(accessRequestsText(0)).toBeNull();
    expect(accessRequestsText(1)).toBe('1 access request this week');
    expect(accessRequestsText(1200)).toBe('1,200 access requests this week');
  });
});
