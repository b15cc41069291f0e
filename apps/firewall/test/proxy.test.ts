// The firewall as a proxy: every method with its body, bodies streamed both ways (the origin
// sees the request body before the upload ends; a large answer arrives whole), the visitor's
// Host kept and X-Forwarded-For added, redirects and cookies turned from the origin's address
// into the visitor's, connections to the origin kept alive, domains it does not serve refused,
// and an origin that does not answer reported as 502.
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { send, shopOf, type PolicyServer, type RunningFirewall, withFirewall } from './helpers.js';

let originUrl: string;
let policies: PolicyServer;
let firewall: RunningFirewall;
const originSockets = new Set<unknown>();
let firstChunkAt = 0;

const BIG = 8 * 1024 * 1024;

withFirewall(
  {
    origin: (app) => {
      app.removeAllContentTypeParsers();
      app.addContentTypeParser('*', { parseAs: 'buffer' }, (_r, body, done) => done(null, body));
      app.server.on('connection', (socket) => originSockets.add(socket));
      app.all('/store/echo', async (request) => ({
        method: request.method,
        url: request.url,
        host: request.headers.host,
        forwardedFor: request.headers['x-forwarded-for'],
        forwardedHost: request.headers['x-forwarded-host'],
        cookie: request.headers.cookie ?? null,
        body: Buffer.isBuffer(request.body) ? request.body.toString('utf8') : null,
      }));
      app.post('/store/upload', (request, reply) => {
        // Answers as soon as the first chunk arrives: proof the firewall did not buffer the upload.
        request.raw.once('data', () => {
          firstChunkAt = Date.now();
          void reply.send({ first: true });
        });
      });
      app.addContentTypeParser('application/x-stream', (_r, payload, done) => done(null, payload));
      app.get('/store/big', async (_request, reply) => {
        const chunk = Buffer.alloc(64 * 1024, 'x');
        const { Readable } = await import('node:stream');
        let sent = 0;
        const stream = new Readable({
          read() {
            if (sent >= BIG) return this.push(null);
            sent += chunk.length;
            this.push(chunk);
          },
        });
        return reply.type('application/octet-stream').send(stream);
      });
      app.get('/store/go', async (_request, reply) =>
        reply.redirect(`${originUrl}/store/cart?x=1`, 302),
      );
      app.get('/store/go-relative', async (_request, reply) =>
        reply.redirect('/store/checkout', 303),
      );
      app.get('/store/login', async (_request, reply) =>
        reply
          .header('set-cookie', [
            'session=abc; Domain=127.0.0.1; Path=/store; HttpOnly',
            'cart=1; Path=/store/cart',
            'domain=odd; Path=/',
          ])
          .send('ok'),
      );
    },
    shops: (url) => [shopOf('shop.example.com', `${url}/store`)],
  },
  (s) => ({ originUrl, policies, firewall } = s),
);

describe('the firewall as a reverse proxy', () => {
  it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])(
    '%s reaches the origin with its body, the visitor Host and X-Forwarded-For',
    async (method) => {
      const body = method === 'GET' ? undefined : `payload of ${method}`;
      const res = await send(firewall.port, 'shop.example.com', '/echo?q=1', {
        method,
        body,
        headers: {
          cookie: 'a=1; b=2',
          'x-forwarded-for': '203.0.113.9',
          'content-type': 'text/plain',
        },
      });
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body.toString())).toEqual({
        method,
        url: '/store/echo?q=1',
        host: 'shop.example.com',
        // A client's own X-Forwarded-For is kept; the address the firewall saw is appended.
        forwardedFor: '203.0.113.9, 127.0.0.1',
        forwardedHost: 'shop.example.com',
        cookie: 'a=1; b=2',
        body: body ?? null,
      });
    },
  );

  it('HEAD answers headers without a body', async () => {
    const res = await send(firewall.port, 'shop.example.com', '/echo', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(0);
  });

  it('keeps an origin path that a store link already carries', async () => {
    const res = await send(firewall.port, 'shop.example.com', '/store/echo');
    expect(JSON.parse(res.body.toString()).url).toBe('/store/echo');
  });

  it('streams an upload to the origin before it has ended', async () => {
    const started = Date.now();
    const answer = await new Promise<string>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: firewall.port,
          path: '/upload',
          method: 'POST',
          headers: { host: 'shop.example.com', 'content-type': 'application/x-stream' },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve(text));
        },
      );
      req.on('error', reject);
      req.write('first chunk');
      // The rest of the upload never comes until the answer is in: a buffering proxy would hang.
      req.once('response', () => req.end());
    });
    expect(JSON.parse(answer)).toEqual({ first: true });
    expect(firstChunkAt).toBeGreaterThanOrEqual(started);
  });

  it('streams a large answer whole', async () => {
    const res = await send(firewall.port, 'shop.example.com', '/big');
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(BIG);
    expect(res.body.every((b) => b === 0x78)).toBe(true);
  });

  it("turns a redirect to the origin into the visitor's address", async () => {
    const res = await send(firewall.port, 'shop.example.com', '/go');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('http://shop.example.com/cart?x=1');
    const relative = await send(firewall.port, 'shop.example.com', '/go-relative');
    expect(relative.status).toBe(303);
    expect(relative.headers.location).toBe('/checkout');
  });

  it("scopes the origin's cookies to the visitor's domain and paths", async () => {
    const res = await send(firewall.port, 'shop.example.com', '/login');
    expect(res.headers['set-cookie']).toEqual([
      'session=abc; Path=/; HttpOnly',
      'cart=1; Path=/cart',
      'domain=odd; Path=/',
    ]);
  });

  it('keeps connections to the origin alive across requests', async () => {
    await send(firewall.port, 'shop.example.com', '/echo');
    const before = originSockets.size;
    for (let i = 0; i < 20; i++) await send(firewall.port, 'shop.example.com', '/echo');
    expect(originSockets.size).toBe(before);
  });

  it('refuses a domain it does not serve, without asking any origin', async () => {
    const res = await send(firewall.port, 'other.example.com', '/echo');
    expect(res.status).toBe(421);
    expect(res.body.toString()).toContain('This domain is not served here');
  });

  it('answers 502 when the origin does not answer', async () => {
    policies.snapshot = {
      shops: [...policies.snapshot.shops, shopOf('down.example.com', 'http://127.0.0.1:9/store')],
    };
    await firewall.source.refresh();
    const res = await send(firewall.port, 'down.example.com', '/');
    expect(res.status).toBe(502);
    expect(res.body.toString()).toContain('The store is not answering');
  });
});
