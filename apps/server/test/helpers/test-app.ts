// Builds the server on a fresh database next to a running platform emulator, both on real
// loopback ports so the emulator's redirects and webhook deliveries reach the server, and
// signs shops in through the real OAuth flow.
import { closeGracefully } from '@gatehouse/graceful-close';
import { api, type CallName } from '@gatehouse/contracts';
import { buildEmulator, EmulatorControl } from '@gatehouse/platform-emulator';
import { reservePort } from '@gatehouse/test-support';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../../src/app.js';
import { loadConfig, type AppConfig } from '../../src/core/env.js';
import { standInResolver } from './crawler-resolver.js';
import { createTestDatabase } from './test-database.js';

export const API_KEY = 'gatehouse-test-api-key';
export const API_SECRET = 'gatehouse-test-api-secret';

export interface SignedIn {
  token: string;
  isNew: boolean;
  shop: string;
}

export interface Authorized {
  response: LightMyRequestResponse;
  /** The signed callback path the platform sent the browser to. */
  callbackPath: string;
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  emulator: EmulatorControl;
  emulatorUrl: string;
  dbKind: 'pglite' | 'postgres';
  /** spfLogin → authorize → Install → callback; answers the callback's response and path. */
  authorize(shop: string): Promise<Authorized>;
  /** The whole sign-in, ending with authDomain; answers the session token. */
  signIn(shop: string): Promise<SignedIn>;
  /** Calls one contract call with an optional bearer token. */
  call(name: CallName, token?: string | null, input?: unknown): Promise<LightMyRequestResponse>;
  support(method: 'GET' | 'POST', path: string, body?: unknown): Promise<LightMyRequestResponse>;
  /** Closes the emulator, as a killed platform: its port refuses connections from then on. */
  stopEmulator(): Promise<void>;
  close(): Promise<void>;
}

export async function createTestApp(
  overrides: Record<string, string> = {},
  emulatorOptions: { webhookRetryBaseMs?: number } = {},
  /** Runs before the server starts listening (e.g. to add a test-only route). */
  setup?: (app: FastifyInstance) => void,
  /** More options for buildApp (e.g. onRoute, to list the routes as they are registered). */
  buildOptions: Omit<BuildOptions, 'logger'> = {},
): Promise<TestApp> {
  // Both ports are held until their servers listen on them too (reusePort): the database and
  // the app are made in between, and another process could otherwise take a port meanwhile.
  const [serverPort, emulatorPort] = await Promise.all([reservePort(), reservePort()]);
  const appUrl = `http://127.0.0.1:${serverPort.port}`;
  const emulatorUrl = `http://127.0.0.1:${emulatorPort.port}`;
  const emulatorApp = await buildEmulator({
    publicUrl: emulatorUrl,
    appUrl,
    apiKey: API_KEY,
    apiSecret: API_SECRET,
    stateFile: null,
    webhookRetryBaseMs: emulatorOptions.webhookRetryBaseMs ?? 50,
    webhookMaxAttempts: 3,
  });
  await emulatorApp.listen(emulatorPort.listenOptions);
  await emulatorPort.release();

  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: appUrl,
    PLATFORM_URL: emulatorUrl,
    SHOPIFY_API_KEY: API_KEY,
    SHOPIFY_API_SECRET: API_SECRET,
    APP_SECRET: 'gatehouse-test-app-secret-0123456789',
    ADMIN_DIST: '/nonexistent/admin-dist',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_SIGN_IN_PER_MINUTE: '100000',
    RATE_LIMIT_SUPPORT_PER_MINUTE: '100000',
    // Tests never download the publishers' feeds; a test that needs feeds serves its own.
    NETWORK_FEEDS_SCHEDULE: '',
    // No job comes due by the wall clock (the token upkeep at minute 41, the sweeps) in the
    // middle of a test: a test runs a scheduled job itself.
    JOB_SCHEDULES: 'off',
    ...database.env,
    ...overrides,
  });
  // Crawler DNS is answered locally: tests never ask the real network.
  const app = await buildApp(config, {
    crawlerResolver: standInResolver(),
    ...buildOptions,
    logger: false,
  });
  setup?.(app);
  await app.listen(serverPort.listenOptions);
  await serverPort.release();

  const call: TestApp['call'] = (name, token, input) => {
    const c = api[name];
    const headers = token ? { authorization: `Bearer ${token}` } : {};
    if (c.method === 'GET') {
      return app.inject({
        method: 'GET',
        url: c.path,
        headers,
        query: (input ?? {}) as Record<string, string>,
      });
    }
    return app.inject({
      method: 'POST',
      url: c.path,
      headers,
      ...(input === undefined ? {} : { payload: input as object }),
    });
  };

  async function authorize(shop: string): Promise<Authorized> {
    const login = await call('spfLogin', null, { domain: shop });
    if (login.statusCode !== 200) throw new Error(`spfLogin failed: ${login.body}`);
    const authorizeUrl = login.json<string>();
    let response = await fetch(authorizeUrl, { redirect: 'manual' });
    if (response.status === 200) {
      // The consent page: press Install (the form repeats the authorize parameters).
      const form = new URLSearchParams(new URL(authorizeUrl).searchParams);
      form.set('decision', 'install');
      response = await fetch(authorizeUrl.split('?')[0]!, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
    }
    const location = response.headers.get('location');
    if (response.status !== 302 || !location?.startsWith(`${appUrl}/api/auth/callback`)) {
      throw new Error(`authorize did not return to the app: ${response.status} ${location}`);
    }
    const callbackPath = location.slice(appUrl.length);
    return { response: await app.inject({ method: 'GET', url: callbackPath }), callbackPath };
  }

  return {
    app,
    config,
    emulator: new EmulatorControl(emulatorUrl),
    emulatorUrl,
    dbKind: database.kind,
    authorize,
    call,
    async signIn(shop) {
      const { response: callback } = await authorize(shop);
      const location = String(callback.headers.location ?? '');
      const match = /\/loginComplete\/([^/?#]+)$/.exec(location);
      if (callback.statusCode !== 302 || !match?.[1]) {
        throw new Error(`callback failed: ${callback.statusCode} ${callback.body}`);
      }
      const auth = await call('authDomain', null, { id: match[1] });
      if (auth.statusCode !== 200) throw new Error(`authDomain failed: ${auth.body}`);
      const body = auth.json<{ token: string; isNew: boolean }>();
      const domain = shop.includes('.') ? shop : `${shop}.myshopify.com`;
      return { ...body, shop: domain };
    },
    support(method, path, body) {
      return app.inject({
        method,
        url: path,
        headers: { authorization: `bearer ${config.supportApiKey}` },
        ...(body === undefined
          ? {}
          : method === 'GET'
            ? { query: body as Record<string, string> }
            : { payload: body as object }),
      });
    },
    async stopEmulator() {
      // A killed platform drops its connections, those of calls it holds unanswered included.
      const closing = emulatorApp.close();
      emulatorApp.server.closeAllConnections();
      await closing;
    },
    async close() {
      await closeGracefully(app, 2_000);
      await emulatorApp.close();
      await database.drop();
    },
  };
}
