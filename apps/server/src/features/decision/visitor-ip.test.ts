import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { trustedProxyProblem } from '../../core/http/trusted-proxies.js';
import { createVisitorIpReader, visitorIpOf } from './visitor-ip.js';

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

describe('the address behind trusted proxies', () => {
  // [trusted proxies, connection address, X-Forwarded-For]
  const cases: [string[], string, string | undefined][] = [
    [[], '203.0.113.9', '8.8.8.8'],
    [['127.0.0.1', '::1'], '127.0.0.1', undefined],
    [['127.0.0.1', '::1'], '127.0.0.1', '8.8.8.8'],
    [['127.0.0.1', '::1'], '::1', '2a01:4f8::1'],
    [['127.0.0.1', '::1'], '::ffff:127.0.0.1', '8.8.8.8'],
    [['127.0.0.1', '::1'], '203.0.113.9', '8.8.8.8'],
    [['127.0.0.1'], '127.0.0.1', '1.1.1.1, 8.8.8.8'],
    [['127.0.0.1', '8.8.8.8'], '127.0.0.1', '1.1.1.1, 8.8.8.8'],
    [['127.0.0.1', '8.8.8.8', '1.1.1.1'], '127.0.0.1', '1.1.1.1, 8.8.8.8'],
    [['127.0.0.1'], '127.0.0.1', '  9.9.9.9 ,,  8.8.8.8  ,'],
    [['127.0.0.1'], '127.0.0.1', ''],
    [['127.0.0.1'], '127.0.0.1', ' , '],
    [['127.0.0.1'], '127.0.0.1', 'unknown'],
    [['127.0.0.1', '10.0.0.0/8'], '127.0.0.1', 'unknown, 10.1.2.3'],
    [['127.0.0.1', '10.0.0.0/8'], '127.0.0.1', '8.8.8.8, 10.1.2.3, 10.200.0.1'],
    [['loopback', 'uniquelocal'], '127.0.0.5', '8.8.4.4, 192.168.1.20, fd00::1'],
    [['loopback'], '127.0.0.1', '2001:4860:4860:0:0:0:0:8888'],
    [['loopback'], '127.0.0.1', '::ffff:8.8.4.4'],
    [['2001:db8::/32'], '2001:db8::7', '2001:db8::8, 2a01:4f8::1'],
    [['2001:db8::/32'], '2001:db8::7', '2a01:4f8::1, 2001:db8::8'],
    [['127.0.0.1'], '127.0.0.1', '8.8.8.8:443'],
  ];

  it.each(cases)(
    'trusting %j from %s with %j: the address Fastify finds',
    async (trusted, from, xff) => {
      const app = Fastify({ trustProxy: trusted.length > 0 ? trusted : false });
      const read = createVisitorIpReader(trusted);
      app.get('/', async (request) => ({ fastify: request.ip, ours: read(request).ip }));
      try {
        const res = await app.inject({
          url: '/',
          remoteAddress: from,
          headers: xff === undefined ? {} : { 'x-forwarded-for': xff },
        });
        const { fastify, ours } = res.json() as { fastify: string; ours: string };
        expect(ours).toBe(visitorIpOf(fastify).ip);
      } finally {
        await app.close();
      }
    },
  );

  it('refuses a proxy entry that is not an address, a block or a named range', () => {
    expect(trustedProxyProblem('10.0.0.0/8')).toBeNull();
    expect(trustedProxyProblem('10.0.0.1/8')).toBeNull();
    expect(trustedProxyProblem('uniquelocal')).toBeNull();
    expect(trustedProxyProblem('proxy.internal')).toMatch(/not an IP address/);
    expect(trustedProxyProblem('10.0.0.0/33')).toMatch(/not an IP address/);
    expect(() => createVisitorIpReader(['10.0.0.0/33'])).toThrow(/TRUSTED_PROXIES/);
  });
});
