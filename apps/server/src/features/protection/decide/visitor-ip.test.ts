import { describe, expect, it } from 'vitest';
import { visitorIpOf } from './visitor-ip.js';

describe('the visitor address', () => {
  it('is the canonical text the engine decides on', () => {
    expect(visitorIpOf('8.8.8.8')).toEqual({ ip: '8.8.8.8', limitKey: '8.8.8.8' });
    expect(visitorIpOf('::ffff:8.8.4.4')).toEqual({ ip: '8.8.4.4', limitKey: '8.8.4.4' });
    expect(visitorIpOf('2001:4860:4860:0:0:0:0:8888').ip).toBe('2001:4860:4860::8888');
    expect(visitorIpOf('2A01:4F8::1').ip).toBe('2a01:4f8::1');
  });

  it('limits IPv6 by its /64 network, like the rate limiter’s default key', () => {
    const a = visitorIpOf('2a01:4f8:10:20::1').limitKey;
    expect(visitorIpOf('2a01:4f8:10:20:ffff:1:2:3').limitKey).toBe(a);
    expect(visitorIpOf('2a01:4f8:10:21::1').limitKey).not.toBe(a);
  });

  it('keeps text that is not an address as it is', () => {
    expect(visitorIpOf('unknown')).toEqual({ ip: 'unknown', limitKey: 'unknown' });
  });
});
