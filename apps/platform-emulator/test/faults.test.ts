// Fault injection: tests switch platform failures on and off over HTTP, per shop or for every
// shop, and the app-facing API then hangs, answers slowly, answers 429 with Retry-After, a
// 5xx, or GraphQL THROTTLED, exactly as asked and no more.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmulatorControl } from '../src/control/emulator-control.js';
import { graphql, install, startEmulator } from './helpers.js';

const SHOP = 'demo.myshopify.com';
const OTHER = 'other-store.myshopify.com';
const SHOP_QUERY = '{ shop { name } }';

let app: FastifyInstance;
let token: string;
beforeEach(async () => {
  app = await startEmulator();
  token = await install(app, SHOP);
});
afterEach(() => app.close());

async function addFault(body: object) {
  const response = await app.inject({ method: 'POST', url: '/_emulator/faults', payload: body });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>();
}

describe('fault injection', () => {
  it('answers 429 with Retry-After for the given number of requests, then normally', async () => {
    await addFault({ kind: 'rate-limited', retryAfterSeconds: 3, times: 1 });
    const limited = await app.inject({
      method: 'POST',
      url: `/shops/${SHOP}/admin/api/2026-10/graphql.json`,
      headers: { 'x-shopify-access-token': token },
      payload: { query: SHOP_QUERY },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('3');
    expect(limited.json()).toEqual({ errors: expect.stringContaining('Exceeded') });
    const next = await graphql(app, SHOP, token, SHOP_QUERY);
    expect(next).toMatchObject({ status: 200, body: { data: { shop: { name: 'Demo Store' } } } });
    expect((await app.inject('/_emulator/faults')).json()).toEqual({ faults: [] });
  });

  it('fails only the shop it names, until it is removed', async () => {
    const otherToken = await install(app, OTHER);
    const fault = await addFault({ kind: 'server-error', status: 502, shop: SHOP });
    expect((await graphql(app, SHOP, token, SHOP_QUERY)).status).toBe(502);
    expect((await graphql(app, SHOP, token, SHOP_QUERY)).status).toBe(502);
    expect((await graphql(app, OTHER, otherToken, SHOP_QUERY)).status).toBe(200);
    const listed = (await app.inject('/_emulator/faults')).json<{ faults: unknown[] }>();
    expect(listed.faults).toEqual([
      expect.objectContaining({ id: fault.id, kind: 'server-error', hits: 2, remaining: null }),
    ]);
    const removed = await app.inject({ method: 'DELETE', url: `/_emulator/faults/${fault.id}` });
    expect(removed.statusCode).toBe(200);
    expect((await graphql(app, SHOP, token, SHOP_QUERY)).status).toBe(200);
  });

  it('answers THROTTLED with the cost and the restore rate to wait for', async () => {
    await addFault({ kind: 'throttled', currentlyAvailable: 5, restoreRate: 50, times: 1 });
    const throttled = await graphql(app, SHOP, token, SHOP_QUERY);
    expect(throttled.status).toBe(200);
    expect(throttled.body).toEqual({
      errors: [
        expect.objectContaining({ extensions: expect.objectContaining({ code: 'THROTTLED' }) }),
      ],
      extensions: {
        cost: {
          requestedQueryCost: 1,
          actualQueryCost: null,
          throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 5, restoreRate: 50 },
        },
      },
    });
    expect((await graphql(app, SHOP, token, SHOP_QUERY)).body.data).toEqual({
      shop: { name: 'Demo Store' },
    });
  });

  it('applies a fault for a named operation to that operation only, before it runs', async () => {
    const named = 'query GatehouseShop { shop { name } }';
    await addFault({
      kind: 'rate-limited',
      retryAfterSeconds: 1,
      times: 1,
      operation: 'GatehouseShop',
    });
    await addFault({ kind: 'throttled', times: 1, operation: 'GatehouseOther' });
    // Another call meanwhile (anonymous, or another name) does not take it.
    expect((await graphql(app, SHOP, token, SHOP_QUERY)).status).toBe(200);
    expect((await graphql(app, SHOP, token, 'query GatehouseThird { shop { name } }')).status).toBe(
      200,
    );
    expect((await graphql(app, SHOP, token, named)).status).toBe(429);
    expect((await graphql(app, SHOP, token, named)).status).toBe(200);
    const throttled = await graphql(app, SHOP, token, 'query GatehouseOther { shop { name } }');
    expect(throttled.body.errors).toEqual([
      expect.objectContaining({ extensions: expect.objectContaining({ code: 'THROTTLED' }) }),
    ]);
    expect((await app.inject('/_emulator/faults')).json()).toEqual({ faults: [] });
  });

  it('refuses an operation that is not a GraphQL name', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/_emulator/faults',
      payload: { kind: 'hang', operation: 'shop { name }' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: expect.stringContaining('operation') });
  });

  it('applies an endpoint fault to that endpoint only', async () => {
    await addFault({ kind: 'server-error', endpoint: 'access-token' });
    expect((await graphql(app, SHOP, token, SHOP_QUERY)).status).toBe(200);
    await expect(install(app, OTHER)).rejects.toThrow(/exchange/);
  });

  it('refuses a fault it cannot apply', async () => {
    for (const payload of [
      { kind: 'explode' },
      { kind: 'slow' },
      { kind: 'server-error', status: 404 },
      { kind: 'hang', shop: 'not a shop' },
      { kind: 'throttled', endpoint: 'access-token' },
    ]) {
      const response = await app.inject({ method: 'POST', url: '/_emulator/faults', payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await app.inject({ method: 'DELETE', url: '/_emulator/faults/99' })).statusCode).toBe(
      404,
    );
  });

  describe('over HTTP', () => {
    let control: EmulatorControl;
    let url: string;
    beforeEach(async () => {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      control = new EmulatorControl(address);
      url = `${address}/shops/${SHOP}/admin/api/2026-10/graphql.json`;
    });
    const post = () =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shopify-access-token': token },
        body: JSON.stringify({ query: SHOP_QUERY }),
      });

    it('holds a hung request open until the fault is switched off, then drops it', async () => {
      const fault = await control.addFault({ kind: 'hang', shop: SHOP });
      const pending = post();
      await expect
        .poll(async () => (await control.faults())[0]?.hits, { timeout: 5000, interval: 20 })
        .toBe(1);
      await control.removeFault(fault.id);
      await expect(pending).rejects.toThrow();
      expect((await post()).status).toBe(200);
    });

    it('answers a slow request after the delay', async () => {
      await control.addFault({ kind: 'slow', delayMs: 300, times: 1 });
      const started = performance.now();
      const response = await post();
      expect(response.status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    });

    it('closes while a request hangs', async () => {
      await control.addFault({ kind: 'hang' });
      const pending = post();
      await expect
        .poll(async () => (await control.faults())[0]?.hits, { timeout: 5000, interval: 20 })
        .toBe(1);
      await app.close();
      await expect(pending).rejects.toThrow();
    });
  });
});
