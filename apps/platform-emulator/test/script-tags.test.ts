// Script tags through the Admin API: created, listed and deleted with the platform's scope
// rules and user errors, loaded by the storefront after page load with ?shop=, and removed
// with the app.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { graphql, install, startEmulator } from './helpers.js';

const SHOP = 'demo.myshopify.com';
const CREATE = /* GraphQL */ `
  mutation Create($input: ScriptTagInput!) {
    scriptTagCreate(input: $input) {
      scriptTag {
        id
        src
        displayScope
        cache
      }
      userErrors {
        field
        message
      }
    }
  }
`;
const LIST = '{ scriptTags(first: 10) { nodes { id src displayScope } } }';

interface Created {
  scriptTagCreate: {
    scriptTag: { id: string; src: string; displayScope: string; cache: boolean } | null;
    userErrors: { field: string[]; message: string }[];
  };
}

let app: FastifyInstance;
beforeEach(async () => {
  app = await startEmulator();
});
afterEach(() => app.close());

const create = (token: string, input: Record<string, unknown>) =>
  graphql<Created>(app, SHOP, token, CREATE, { input });

describe('script tags', () => {
  it('are created, listed, loaded by the storefront after load, and deleted', async () => {
    const token = await install(app, SHOP, 'read_themes,write_script_tags');
    const created = await create(token, {
      src: 'https://app.example/storefront/fallback.js',
      displayScope: 'ONLINE_STORE',
    });
    expect(created.body.data?.scriptTagCreate).toEqual({
      scriptTag: {
        id: expect.stringMatching(/^gid:\/\/shopify\/ScriptTag\/\d+$/),
        src: 'https://app.example/storefront/fallback.js',
        displayScope: 'ONLINE_STORE',
        cache: false,
      },
      userErrors: [],
    });
    const id = created.body.data!.scriptTagCreate.scriptTag!.id;
    const listed = await graphql<{ scriptTags: { nodes: { id: string }[] } }>(
      app,
      SHOP,
      token,
      LIST,
    );
    expect(listed.body.data?.scriptTags.nodes.map((n) => n.id)).toEqual([id]);

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
  });

  it('refuses a source that is not https, or blank, with a user error, and stores nothing', async () => {
    const token = await install(app, SHOP, 'write_script_tags');
    for (const [src, message] of [
      ['http://app.example/x.js', 'Source must be an https URL'],
      ['', "Source can't be blank"],
    ] as const) {
      const res = await create(token, { src });
      expect(res.body.data?.scriptTagCreate).toEqual({
        scriptTag: null,
        userErrors: [{ field: ['input', 'src'], message }],
      });
    }
    const listed = await graphql<{ scriptTags: { nodes: unknown[] } }>(app, SHOP, token, LIST);
    expect(listed.body.data?.scriptTags.nodes).toEqual([]);
  });

  it('needs write_script_tags to create one, and goes away with the app', async () => {
    const readOnly = await install(app, SHOP, 'read_themes');
    const denied = await create(readOnly, { src: 'https://app.example/x.js' });
    expect(denied.body.errors).toEqual([
      expect.objectContaining({ extensions: expect.objectContaining({ code: 'ACCESS_DENIED' }) }),
    ]);
    const token = await install(app, SHOP, 'read_themes,write_script_tags');
    await create(token, { src: 'http://127.0.0.1:3000/storefront/fallback.js' });
    expect((await app.inject(`/shops/${SHOP}/`)).body).toContain('platform-script-tags');
    await app.inject({ method: 'POST', url: `/_emulator/shops/${SHOP}/uninstall` });
    expect((await app.inject(`/shops/${SHOP}/`)).body).not.toContain('platform-script-tags');
  });
});
