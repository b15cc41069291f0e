// Script tags through the Admin API as the platform has them since it stopped taking new ones:
// scriptTagCreate and scriptTagUpdate answer a user error on every API version and store
// nothing; the tags an app added before are listed, loaded by the storefront after page load
// with ?shop= until the day it stops running them, deleted, and removed with the app.
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { SCRIPT_TAGS_REFUSED } from '../src/script-tags/script-tags.js';
import { graphql, install, startEmulator } from './helpers.js';

const SHOP = 'demo.myshopify.com';
const CREATE = /* GraphQL */ `
  mutation Create($input: ScriptTagInput!) {
    scriptTagCreate(input: $input) {
      scriptTag {
        id
      }
      userErrors {
        field
        message
      }
    }
  }
`;
const UPDATE = /* GraphQL */ `
  mutation Update($id: ID!, $input: ScriptTagInput!) {
    scriptTagUpdate(id: $id, input: $input) {
      scriptTag {
        id
      }
      userErrors {
        field
        message
      }
    }
  }
`;
const LIST = '{ scriptTags(first: 10) { nodes { id src displayScope } } }';
const SRC = 'https://app.example/storefront/fallback.js';

let app: FastifyInstance;
afterEach(() => app.close());

/** A tag the app added before the platform stopped taking them. */
async function addOldTag(src = SRC): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `/_emulator/shops/${SHOP}/script-tags`,
    payload: { src },
  });
  expect(res.statusCode).toBe(201);
  return `gid://shopify/ScriptTag/${(res.json() as { id: number }).id}`;
}

const listed = async (token: string) =>
  (await graphql<{ scriptTags: { nodes: { id: string; src: string }[] } }>(app, SHOP, token, LIST))
    .body.data?.scriptTags.nodes;

describe('script tags', () => {
  it('cannot be created or updated on any API version: a user error, nothing stored', async () => {
    app = await startEmulator();
    const token = await install(app, SHOP, 'read_themes,write_script_tags');
    const id = await addOldTag();
    for (const version of ['2025-10', '2026-10', 'unstable']) {
      const created = await graphql<{ scriptTagCreate: unknown }>(
        app,
        SHOP,
        token,
        CREATE,
        { input: { src: 'https://app.example/new.js', displayScope: 'ONLINE_STORE' } },
        version,
      );
      expect(created.body.data?.scriptTagCreate).toEqual({
        scriptTag: null,
        userErrors: [{ field: null, message: SCRIPT_TAGS_REFUSED }],
      });
      const updated = await graphql<{ scriptTagUpdate: unknown }>(
        app,
        SHOP,
        token,
        UPDATE,
        { id, input: { src: 'https://app.example/other.js' } },
        version,
      );
      expect(updated.body.data?.scriptTagUpdate).toEqual({
        scriptTag: null,
        userErrors: [{ field: null, message: SCRIPT_TAGS_REFUSED }],
      });
    }
    expect(await listed(token)).toEqual([expect.objectContaining({ id, src: SRC })]);
  });

  it('still need write_script_tags to be asked for', async () => {
    app = await startEmulator();
    const readOnly = await install(app, SHOP, 'read_themes');
    const denied = await graphql(app, SHOP, readOnly, CREATE, { input: { src: SRC } });
    expect(denied.body.errors).toEqual([
      expect.objectContaining({ extensions: expect.objectContaining({ code: 'ACCESS_DENIED' }) }),
    ]);
  });

  it('added before are listed, loaded after page load, deleted, and go with the app', async () => {
    app = await startEmulator();
    const token = await install(app, SHOP, 'read_themes,write_script_tags');
    const id = await addOldTag();
    expect((await listed(token))?.map((tag) => tag.id)).toEqual([id]);

    const page = await app.inject(`/shops/${SHOP}/`);
    expect(page.body).toContain(
      JSON.stringify(['https://app.example/storefront/fallback.js?shop=demo.myshopify.com']),
    );
    // Loaded on the load event, never as a parser-blocking tag.
    expect(page.body).toContain("window.addEventListener('load',asyncLoad,false)");
    expect(page.body).not.toMatch(/<script[^>]+src="https:\/\/app\.example/);

    const deleted = await graphql<{ scriptTagDelete: { deletedScriptTagId: string | null } }>(
      app,
      SHOP,
      token,
      'mutation Delete($id: ID!) { scriptTagDelete(id: $id) { deletedScriptTagId userErrors { message } } }',
      { id },
    );
    expect(deleted.body.data?.scriptTagDelete.deletedScriptTagId).toBe(id);
    expect((await app.inject(`/shops/${SHOP}/`)).body).not.toContain('platform-script-tags');

    await addOldTag('http://127.0.0.1:3000/storefront/fallback.js');
    expect((await app.inject(`/shops/${SHOP}/`)).body).toContain('platform-script-tags');
    await app.inject({ method: 'POST', url: `/_emulator/shops/${SHOP}/uninstall` });
    expect((await app.inject(`/shops/${SHOP}/`)).body).not.toContain('platform-script-tags');
  });

  it('are no longer run by the storefront from the day it stops running them', async () => {
    app = await startEmulator({ scriptTagsEndAt: new Date(Date.now() - 1000) });
    const token = await install(app, SHOP, 'read_themes,write_script_tags');
    await addOldTag();
    expect(await listed(token)).toHaveLength(1);
    expect((await app.inject(`/shops/${SHOP}/`)).body).not.toContain('platform-script-tags');
  });

  it('refuses an old tag whose source is not https, from the control API', async () => {
    app = await startEmulator();
    await install(app, SHOP, 'write_script_tags');
    const res = await app.inject({
      method: 'POST',
      url: `/_emulator/shops/${SHOP}/script-tags`,
      payload: { src: 'http://app.example/x.js' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Source must be an https URL' });
  });
});
