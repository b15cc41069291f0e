import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRobotsReader, ROBOTS_MAX_BYTES } from './robots-fetch.js';

const log = { warn: () => {} };
let server: Server;
let origin: string;
let served = 'User-agent: *\nDisallow: /cart\n';

beforeAll(async () => {
  server = createServer((request, response) => {
    const redirects: Record<string, string> = {
      '/same/robots.txt': '/robots.txt',
      '/elsewhere/robots.txt': 'http://127.0.0.2:9/robots.txt',
      '/not-robots/robots.txt': '/admin',
      '/address/robots.txt': 'https://10.0.0.1/robots.txt',
    };
    const to = redirects[request.url ?? ''];
    if (to) return response.writeHead(301, { location: to }).end();
    if (request.url === '/large/robots.txt') {
      return response.end('#'.repeat(ROBOTS_MAX_BYTES + 1));
    }
    if (request.url === '/robots.txt') return response.end(served);
    return response.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

describe("reading a store's robots.txt", () => {
  it('reads the file, and follows a redirect on the same origin', async () => {
    const reader = createRobotsReader(log);
    expect(await reader.read('a', `${origin}/robots.txt`, true)).toMatchObject({
      state: 'read',
      text: served,
    });
    expect(await reader.read('b', `${origin}/same/robots.txt`, true)).toMatchObject({
      state: 'read',
    });
  });

  it('never follows a redirect to another address or to a page that is not robots.txt', async () => {
    const reader = createRobotsReader(log);
    for (const path of ['/elsewhere/robots.txt', '/not-robots/robots.txt', '/address/robots.txt']) {
      const read = await reader.read('a', `${origin}${path}`, true);
      expect(read.state, path).toBe('unreachable');
      expect(read.state === 'unreachable' && read.problem, path).toMatch(/not a robots.txt/);
    }
  });

  it('refuses a file larger than crawlers read, and says the HTTP status of a refusal', async () => {
    const reader = createRobotsReader(log);
    const large = await reader.read('a', `${origin}/large/robots.txt`, true);
    expect(large.state === 'unreachable' && large.problem).toMatch(/larger than 500 KB/);
    const missing = await reader.read('a', `${origin}/missing/robots.txt`, true);
    expect(missing.state === 'unreachable' && missing.problem).toMatch(/HTTP 404/);
  });

  it('keeps a read for a minute unless asked for a fresh one', async () => {
    const reader = createRobotsReader(log);
    const first = await reader.read('a', `${origin}/robots.txt`, false);
    served = 'User-agent: GPTBot\nDisallow: /\n';
    expect(await reader.read('a', `${origin}/robots.txt`, false)).toBe(first);
    expect(await reader.read('a', `${origin}/robots.txt`, true)).toMatchObject({ text: served });
  });
});
