import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { graphql, install, startEmulator } from './helpers.js';

const SHOP = 'demo.myshopify.com';

let app: FastifyInstance;
beforeEach(async () => {
  app = await startEmulator();
});
afterEach(() => app.close());

describe('control endpoints', () => {
  it('reports health', async () => {
    const response = await app.inject('/_emulator/health');
    expect(response.json()).toEqual({
      status: 'ok',
      publicUrl: 'http://127.0.0.1:4999',
      appUrl: 'http://127.0.0.1:3999',
      shops: 1,
    });
  });

  it('changes the granted scopes, which the API then enforces', async () => {
    const token = await install(app, SHOP);
    const response = await app.inject({
      method: 'POST',
      url: `/_emulator/shops/${SHOP}/scopes`,
      payload: { scopes: ['read_orders'] },
    });
    expect(response.json()).toMatchObject({ installation: { scopes: ['read_orders'] } });
    const themes = await graphql(app, SHOP, token, '{ themes(first: 1) { nodes { id } } }');
    expect(themes.body.errors).toEqual([
      expect.objectContaining({ extensions: expect.objectContaining({ code: 'ACCESS_DENIED' }) }),
    ]);
  });

  it("changes the store's plan, which the shop query then answers, and refuses a blank one", async () => {
    const token = await install(app, SHOP);
    const changed = await app.inject({
      method: 'POST',
      url: `/_emulator/shops/${SHOP}/plan`,
      payload: { displayName: 'Starter' },
    });
    expect(changed.json()).toMatchObject({ shop: { plan: 'Starter' } });
    const shop = await graphql<{ shop: { plan: { publicDisplayName: string } } }>(
      app,
      SHOP,
      token,
      '{ shop { plan { publicDisplayName } } }',
    );
    expect(shop.body.data?.shop.plan.publicDisplayName).toBe('Starter');
    const blank = await app.inject({
      method: 'POST',
      url: `/_emulator/shops/${SHOP}/plan`,
      payload: { displayName: '  ' },
    });
    expect(blank.statusCode).toBe(400);
    expect((await app.inject(`/_emulator/shops/${SHOP}`)).json()).toMatchObject({
      shop: { plan: 'Starter' },
    });
  });

  it('answers 409 when the app is not installed and 404 for an unknown shop', async () => {
    const notInstalled = await app.inject({
      method: 'POST',
      url: `/_emulator/shops/${SHOP}/uninstall`,
    });
    expect(notInstalled.statusCode).toBe(409);
    const unknown = await app.inject('/_emulator/shops/nobody.myshopify.com');
    expect(unknown.statusCode).toBe(404);
    const badBody = await app.inject({
      method: 'POST',
      url: `/_emulator/shops/${SHOP}/app-embed`,
      payload: { enabled: 'yes' },
    });
    expect(badBody.statusCode).toBe(400);
  });

  it('shows the store admin with the installed app and its Uninstall button', async () => {
    await install(app, SHOP);
    const page = await app.inject(`/shops/${SHOP}/admin`);
    expect(page.body).toContain('Demo Store');
    expect(page.body).toContain('Gatehouse');
    expect(page.body).toMatch(/<button[^>]*>Uninstall<\/button>/);
    expect(page.body).toContain('/shops/demo.myshopify.com/admin/themes/current/editor');
    const uninstall = await app.inject({
      method: 'POST',
      url: `/shops/${SHOP}/admin/apps/gatehouse/uninstall`,
    });
    expect(uninstall.headers.location).toBe(
      'http://127.0.0.1:4999/shops/demo.myshopify.com/admin?uninstalled=1',
    );
    const after = await app.inject(`/shops/${SHOP}/admin?uninstalled=1`);
    expect(after.body).toContain('Gatehouse was uninstalled.');
    expect(after.body).toContain('No apps installed.');
  });
});
