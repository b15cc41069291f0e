import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { graphql, install } from './helpers.js';
import { SHOP, metafieldSession, type MetafieldSession } from './metafield-helpers.js';

let session: MetafieldSession;
let app: FastifyInstance;
let token: string;
let ownerId: string;
const set = (metafields: Record<string, unknown>[]) => session.set(metafields);
const read = (key?: string, namespace?: string | null) => session.read(key, namespace);

beforeEach(async () => {
  session = await metafieldSession();
  ({ app, token, ownerId } = session);
});
afterEach(() => app.close());

describe('app-data metafields', () => {
  it('sets metafields on the installation and reads them back', async () => {
    const result = await set([
      {
        ownerId,
        namespace: 'gatehouse',
        key: 'api_origin',
        type: 'single_line_text_field',
        value: 'https://gatehouse.example',
      },
      { ownerId, namespace: 'gatehouse', key: 'config', type: 'json', value: '{ "a": [1, 2] }' },
      { ownerId, namespace: 'gatehouse', key: 'limit', type: 'number_integer', value: '+42' },
    ]);
    expect(result.userErrors).toEqual([]);
    expect(result.metafields?.map((m) => [m.key, m.value, m.jsonValue])).toEqual([
      ['api_origin', 'https://gatehouse.example', 'https://gatehouse.example'],
      ['config', '{"a":[1,2]}', { a: [1, 2] }],
      ['limit', '42', 42],
    ]);
    const installation = await read();
    expect(installation.metafields.nodes).toEqual([
      {
        namespace: 'gatehouse',
        key: 'api_origin',
        type: 'single_line_text_field',
        value: 'https://gatehouse.example',
      },
      { namespace: 'gatehouse', key: 'config', type: 'json', value: '{"a":[1,2]}' },
      { namespace: 'gatehouse', key: 'limit', type: 'number_integer', value: '42' },
    ]);
    expect(installation.metafield).toMatchObject({
      id: result.metafields?.[0]?.id,
      value: 'https://gatehouse.example',
      ownerType: 'API_PERMISSION',
    });
    expect((await read('missing')).metafield).toBeNull();
  });

  it('updates in place, keeping the id, and honours compareDigest', async () => {
    const base = { ownerId, namespace: 'gatehouse', key: 'api_origin', type: 'url' };
    const first = await set([{ ...base, value: 'https://one.example' }]);
    const created = first.metafields?.[0];
    // The type may be left out once the metafield exists.
    const second = await set([
      { ownerId, namespace: 'gatehouse', key: 'api_origin', value: 'https://two.example' },
    ]);
    expect(second.metafields?.[0]?.id).toBe(created?.id);
    expect(second.metafields?.[0]?.type).toBe('url');

    const stale = await set([
      { ...base, value: 'https://three.example', compareDigest: created?.compareDigest },
    ]);
    expect(stale.userErrors[0]?.code).toBe('STALE_OBJECT');
    const fresh = await set([
      {
        ...base,
        value: 'https://three.example',
        compareDigest: second.metafields?.[0]?.compareDigest,
      },
    ]);
    expect(fresh.userErrors).toEqual([]);
    const mustBeNew = await set([{ ...base, value: 'https://four.example', compareDigest: null }]);
    expect(mustBeNew.userErrors[0]?.code).toBe('STALE_OBJECT');
    expect((await read()).metafield?.value).toBe('https://three.example');
  });

  it('deletes metafields, reporting null for ones that did not exist', async () => {
    await set([
      { ownerId, namespace: 'gatehouse', key: 'api_origin', type: 'url', value: 'https://a.b' },
    ]);
    const { body } = await graphql<{
      metafieldsDelete: { deletedMetafields: ({ key: string } | null)[] };
    }>(
      app,
      SHOP,
      token,
      `
        mutation Delete($metafields: [MetafieldIdentifierInput!]!) {
          metafieldsDelete(metafields: $metafields) {
            deletedMetafields {
              key
            }
            userErrors {
              message
            }
          }
        }
      `,
      {
        metafields: [
          { ownerId, namespace: 'gatehouse', key: 'api_origin' },
          { ownerId, namespace: 'gatehouse', key: 'never_set' },
        ],
      },
    );
    expect(body.data?.metafieldsDelete.deletedMetafields).toEqual([{ key: 'api_origin' }, null]);
    expect((await read()).metafield).toBeNull();
  });

  it('shows the metafields in the control view and removes them on uninstall', async () => {
    await set([
      { ownerId, namespace: 'gatehouse', key: 'api_origin', type: 'url', value: 'https://a.b' },
    ]);
    const view = await app.inject(`/_emulator/shops/${SHOP}`);
    expect(view.json().appMetafields).toEqual([
      { namespace: 'gatehouse', key: 'api_origin', type: 'url', value: 'https://a.b' },
    ]);
    await app.inject({ method: 'POST', url: `/_emulator/shops/${SHOP}/uninstall` });
    session.token = await install(app, SHOP);
    const installation = await read();
    expect(installation.metafields.nodes).toEqual([]);
    expect(installation.metafield).toBeNull();
  });
});
