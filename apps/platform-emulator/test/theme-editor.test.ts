import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_KEY, embedEntries, install, readSettingsData, startEmulator } from './helpers.js';

const SHOP = 'demo.myshopify.com';
const UID = '0b6f2a4e-7c1d-4f8a-9e3b-5d2c8a1f6e90';
const BLOCK_TYPE = `shopify://apps/gatehouse/blocks/app-embed/${UID}`;
const EDITOR = `/shops/${SHOP}/admin/themes/current/editor`;

let app: FastifyInstance;
let token: string;
beforeEach(async () => {
  app = await startEmulator();
  token = await install(app, SHOP);
});
afterEach(() => app.close());

function save(form: string) {
  return app.inject({
    method: 'POST',
    url: `${EDITOR}?context=apps`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form,
  });
}

describe('theme editor app embeds', () => {
  it('lists the embed by its schema name, switched off after install', async () => {
    const page = await app.inject(`${EDITOR}?context=apps`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Gatehouse</strong> — Gatehouse protection');
    expect(page.body).not.toMatch(/value="app-embed"[^>]*checked/);
    expect(embedEntries(await readSettingsData(app, SHOP, token))).toEqual({});
  });

  it.each([
    ['the api key', API_KEY],
    ['the extension uid', UID],
  ])(
    'switches the toggle on for a deep link with %s but stores nothing until Save',
    async (_label, id) => {
      const page = await app.inject(
        `${EDITOR}?context=apps&template=index&activateAppId=${id}/app-embed`,
      );
      expect(page.body).toContain('App embed activated. Save to publish.');
      expect(page.body).toMatch(/value="app-embed"[^>]*checked/);
      expect(embedEntries(await readSettingsData(app, SHOP, token))).toEqual({});
    },
  );

  it('writes a new block on the first Save and flips disabled afterwards', async () => {
    const saved = await save('embed=app-embed');
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain('Saved');
    const enabled = embedEntries(await readSettingsData(app, SHOP, token));
    const [blockId, entry] = Object.entries(enabled)[0] ?? [];
    expect(blockId).toMatch(/^\d+$/);
    expect(entry).toEqual({ type: BLOCK_TYPE, disabled: false, settings: {} });

    await save('');
    expect(embedEntries(await readSettingsData(app, SHOP, token))).toEqual({
      [blockId ?? '']: { type: BLOCK_TYPE, disabled: true, settings: {} },
    });
    await save('embed=app-embed');
    expect(Object.keys(embedEntries(await readSettingsData(app, SHOP, token)))).toEqual([blockId]);
  });

  it('keeps the file starting with its comment after a save', async () => {
    await save('embed=app-embed');
    expect((await readSettingsData(app, SHOP, token)).startsWith('/*')).toBe(true);
  });

  it('shows an error and changes nothing for an unknown activateAppId', async () => {
    for (const id of ['someone-else/app-embed', `${API_KEY}/not-a-block`]) {
      const page = await app.inject(`${EDITOR}?context=apps&activateAppId=${id}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('The app embed could not be activated');
      expect(page.body).not.toMatch(/value="app-embed"[^>]*checked/);
    }
    expect(embedEntries(await readSettingsData(app, SHOP, token))).toEqual({});
  });

  it('does the same through the control endpoint', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/_emulator/shops/${SHOP}/app-embed`,
      payload: { enabled: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ appEmbed: [{ handle: 'app-embed', enabled: true }] });
    const entries = Object.values(embedEntries(await readSettingsData(app, SHOP, token)));
    expect(entries).toEqual([{ type: BLOCK_TYPE, disabled: false, settings: {} }]);
  });
});
