// The request log never holds a credential: one-time sign-in and personate links, storefront
// device tokens and OAuth codes are replaced before a line is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/core/env.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

const lines: string[] = [];
let app: FastifyInstance;
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_SECRET: 'request-log-test-app-secret',
    PLATFORM_URL: 'http://127.0.0.1:9',
    ADMIN_DIST: '/nonexistent/admin-dist',
    LOG_LEVEL: 'info',
    ...database.env,
  });
  app = await buildApp(config, { logStream: { write: (line) => void lines.push(line) } });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const loggedUrls = () =>
  lines
    .map((line) => JSON.parse(line) as { req?: { url?: string } })
    .flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));

describe('the request log', () => {
  it('replaces one-time link tokens, device tokens and OAuth codes', async () => {
    const secrets = {
      login: 'login-token-7f3a9c',
      personate: 'personate-token-b81e22',
      device: 'device-token-55d0aa',
      code: 'oauth-code-19c4e7',
    };
    const urls = [
      `/loginComplete/${secrets.login}`,
      `/personate/${secrets.personate}?from=support`,
      `/api/storefront/decide?shop=a.myshopify.com&url=x&d=${secrets.device}`,
      `/api/auth/callback?shop=a.myshopify.com&code=${secrets.code}&state=s`,
    ];
    for (const url of urls) await app.inject({ method: 'GET', url });

    const logged = loggedUrls();
    expect(logged).toEqual(
      expect.arrayContaining([
        '/loginComplete/[redacted]',
        '/personate/[redacted]?from=support',
        '/api/storefront/decide?shop=a.myshopify.com&url=x&d=[redacted]',
        '/api/auth/callback?shop=a.myshopify.com&code=[redacted]&state=s',
      ]),
    );
    const everything = lines.join('\n');
    for (const secret of Object.values(secrets)) expect(everything).not.toContain(secret);
  });
});
