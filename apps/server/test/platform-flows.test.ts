// Merchant actions that make several platform calls in one request (signing in: the code
// exchange, the shop's details and four webhook registrations; publishing the storefront's
// time-out: the installation's id, then the metafields) share one deadline, so with the
// platform hanging, slow, rate limiting or failing the merchant has an answer within 10 s
// with the shipped settings, and the answer says why: Shopify was slow, unreachable, busy or
// in trouble. The 10 s bounds below are loose checks that a deadline holds, not benchmarks.
import type { GeneralSettingsView } from '@gatehouse/contracts';
import type { FaultInput } from '@gatehouse/platform-emulator';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryHmac } from './helpers/query-hmac.js';
import { timed } from './helpers/timed.js';
import { API_SECRET, createTestApp, type TestApp } from './helpers/test-app.js';

/** What the merchant must never wait past (the shipped deadline is 9 s). */
const BOUND_MS = 10_000;

const WHY = {
  timeout:
    /Shopify did not answer in time when we tried to finish signing you in\. Please try again in a minute\./,
  busy: /Shopify is receiving too many requests for your store right now, so we could not finish signing you in\./,
  unavailable: /Shopify is having trouble right now, so we could not finish signing you in\./,
  unreachable: /We could not reach Shopify to finish signing you in\./,
};

let t: TestApp;
let emulatorStopped = false;

beforeAll(async () => {
  // The shipped defaults for every PLATFORM_* setting: the bound tested is the real one.
  t = await createTestApp();
});
afterEach(async () => {
  if (!emulatorStopped) await t.emulator.clearFaults();
});
afterAll(async () => {
  await t?.close();
});

const domain = (handle: string) => `${handle}.myshopify.com`;
const fault = (handle: string, input: FaultInput) =>
  t.emulator.addFault({ shop: domain(handle), ...input });

/** The callback's answer: signed in (redirect to the one-time link) or the failure page. */
function outcome(response: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  const location = String(response.headers.location ?? '');
  return response.statusCode === 302 && location.includes('/loginComplete/')
    ? 'signed in'
    : response.body;
}

describe('signing in, one deadline for every platform call of the callback', () => {
  it('a hung Admin API ends the sign-in within the bound, saying Shopify did not answer in time', async () => {
    await fault('flow-hang', { kind: 'hang', endpoint: 'graphql' });
    const { result, ms } = await timed(() => t.authorize('flow-hang'));
    expect(result.response.statusCode).toBe(400);
    expect(result.response.body).toMatch(WHY.timeout);
    expect(ms).toBeLessThan(BOUND_MS);
  });

  it('a slow Admin API still signs in within the bound, subscribing the shop to nothing itself', async () => {
    // Each call takes 2.5 s. The webhooks are the app's configuration's, so sign-in asks the
    // Admin API for the shop's details only.
    await fault('flow-slow', { kind: 'slow', delayMs: 2500, endpoint: 'graphql' });
    const { result, ms } = await timed(() => t.authorize('flow-slow'));
    expect(outcome(result.response)).toBe('signed in');
    expect(ms).toBeLessThan(BOUND_MS);
    await t.emulator.clearFaults();
    expect((await t.emulator.shop(domain('flow-slow'))).webhookSubscriptions).toEqual([]);
  });

  it('a rate-limited code exchange is retried, then ends within the bound saying Shopify is busy', async () => {
    const busy = await fault('flow-busy', {
      kind: 'rate-limited',
      retryAfterSeconds: 2,
      endpoint: 'access-token',
    });
    const { result, ms } = await timed(() => t.authorize('flow-busy'));
    expect(result.response.body).toMatch(WHY.busy);
    expect(ms).toBeLessThan(BOUND_MS);
    const hits = (await t.emulator.faults()).find((f) => f.id === busy.id)?.hits ?? 0;
    expect(hits).toBeGreaterThanOrEqual(2);
  });

  it('an Admin API answering 5xx ends the sign-in saying Shopify is having trouble', async () => {
    await fault('flow-5xx', { kind: 'server-error', status: 502, endpoint: 'graphql' });
    const { result, ms } = await timed(() => t.authorize('flow-5xx'));
    expect(result.response.statusCode).toBe(400);
    expect(result.response.body).toMatch(WHY.unavailable);
    expect(ms).toBeLessThan(BOUND_MS);
  });
});

describe('publishing the storefront time-out, one deadline for its two calls', () => {
  async function changeTimeout(handle: string) {
    const { token } = await t.signIn(handle);
    // The sign-in's own publishing (a job) is done before the platform misbehaves.
    await expect
      .poll(async () => (await t.emulator.shop(domain(handle))).appMetafields.length, {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    const settings = (await t.call('getGeneralSettings', token)).json<GeneralSettingsView>();
    const { maxLogRetentionHours: _max, ...input } = settings;
    const timeoutMs = settings.timeoutMs === 3000 ? 4000 : 3000;
    return { token, save: () => t.call('saveGeneralSettings', token, { ...input, timeoutMs }) };
  }

  it('saves the settings within the bound with the Admin API hung', async () => {
    const { save } = await changeTimeout('publish-hang');
    await fault('publish-hang', { kind: 'hang', endpoint: 'graphql' });
    const { result, ms } = await timed(save);
    expect(result.statusCode, result.body).toBe(200);
    expect(ms).toBeLessThan(BOUND_MS);
  });

  it('publishes it with the Admin API slow but answering', async () => {
    const { save } = await changeTimeout('publish-slow');
    await fault('publish-slow', { kind: 'slow', delayMs: 1500, endpoint: 'graphql' });
    const { result, ms } = await timed(save);
    expect(result.statusCode, result.body).toBe(200);
    expect(ms).toBeLessThan(BOUND_MS);
    await t.emulator.clearFaults();
    const { appMetafields } = await t.emulator.shop(domain('publish-slow'));
    const timeoutMs = result.json<GeneralSettingsView>().timeoutMs;
    expect(appMetafields).toContainEqual(
      expect.objectContaining({
        namespace: 'gatehouse',
        key: 'timeout_ms',
        value: String(timeoutMs),
      }),
    );
  });
});

describe('a killed platform', () => {
  it('ends the sign-in at once, saying Shopify could not be reached', async () => {
    const login = await t.call('spfLogin', null, { domain: 'flow-killed' });
    const state = new URL(login.json<string>()).searchParams.get('state')!;
    await t.stopEmulator();
    emulatorStopped = true;
    const params = {
      shop: domain('flow-killed'),
      code: 'any-code',
      state,
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    const query = new URLSearchParams({ ...params, hmac: queryHmac(API_SECRET, params) });
    const { result, ms } = await timed(() =>
      t.app.inject({ method: 'GET', url: `/api/auth/callback?${query.toString()}` }),
    );
    expect(result.statusCode).toBe(400);
    expect(result.body).toMatch(WHY.unreachable);
    expect(ms).toBeLessThan(2000);
  });
});
