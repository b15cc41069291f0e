import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { metafieldSession, type MetafieldSession } from './metafield-helpers.js';

let session: MetafieldSession;
let app: FastifyInstance;
let ownerId: string;
const set = (metafields: Record<string, unknown>[]) => session.set(metafields);
const read = (key?: string, namespace?: string | null) => session.read(key, namespace);

beforeEach(async () => {
  session = await metafieldSession();
  ({ app, ownerId } = session);
});
afterEach(() => app.close());

describe('metafieldsSet validation', () => {
  it.each([
    ['single_line_text_field', 'two\nlines', 'INVALID_VALUE'],
    ['json', '{not json', 'INVALID_VALUE'],
    ['boolean', 'yes', 'INVALID_VALUE'],
    ['number_integer', '4.5', 'INVALID_VALUE'],
    ['number_integer', '9007199254740992', 'INVALID_VALUE'],
    ['url', 'not a url', 'INVALID_VALUE'],
    ['url', 'ftp://files.example', 'INVALID_VALUE'],
    ['date', '2025-01-01', 'INVALID_TYPE'],
    ['multi_line_text_field', '', 'BLANK'],
  ])('rejects a %s value %j with %s', async (type, value, code) => {
    const result = await set([{ ownerId, namespace: 'gatehouse', key: 'field', type, value }]);
    expect(result.metafields).toEqual([]);
    expect(result.userErrors).toHaveLength(1);
    expect(result.userErrors[0]).toMatchObject({ code, elementIndex: 0 });
    expect(result.userErrors[0]?.field[0]).toBe('metafields');
  });

  it('accepts every supported type with a valid value', async () => {
    const result = await set([
      { ownerId, namespace: 'gatehouse', key: 'line', type: 'single_line_text_field', value: 'a' },
      {
        ownerId,
        namespace: 'gatehouse',
        key: 'text',
        type: 'multi_line_text_field',
        value: 'a\nb',
      },
      { ownerId, namespace: 'gatehouse', key: 'flag', type: 'boolean', value: 'true' },
      { ownerId, namespace: 'gatehouse', key: 'link', type: 'url', value: 'mailto:a@b.example' },
    ]);
    expect(result.userErrors).toEqual([]);
    expect(result.metafields?.map((m) => m.jsonValue)).toEqual([
      'a',
      'a\nb',
      true,
      'mailto:a@b.example',
    ]);
  });

  it('writes nothing when any input is invalid, and names the bad element', async () => {
    const result = await set([
      { ownerId, namespace: 'gatehouse', key: 'good', type: 'boolean', value: 'false' },
      { ownerId, namespace: 'gatehouse', key: 'bad', type: 'boolean', value: 'maybe' },
    ]);
    expect(result.userErrors).toEqual([
      {
        field: ['metafields', '1', 'value'],
        message: 'Value must be true or false.',
        code: 'INVALID_VALUE',
        elementIndex: 1,
      },
    ]);
    expect((await read('good')).metafields.nodes).toEqual([]);
  });

  it('refuses more than 25 metafields in one call', async () => {
    const inputs = Array.from({ length: 26 }, (_, i) => ({
      ownerId,
      namespace: 'gatehouse',
      key: `key_${i}`,
      type: 'number_integer',
      value: String(i),
    }));
    const result = await set(inputs);
    expect(result.userErrors).toEqual([
      {
        field: ['metafields'],
        message: 'Exceeded the maximum metafields input limit of 25.',
        code: 'LESS_THAN_OR_EQUAL_TO',
        elementIndex: null,
      },
    ]);
    expect((await read()).metafields.nodes).toHaveLength(0);
    expect((await set(inputs.slice(0, 25))).userErrors).toEqual([]);
  });

  it('accepts only this installation as the owner', async () => {
    const input = { namespace: 'gatehouse', key: 'api_origin', type: 'url', value: 'https://a.b' };
    for (const other of [
      'gid://shopify/Shop/548380009',
      'gid://shopify/AppInstallation/1',
      'not-a-gid',
    ]) {
      const result = await set([{ ...input, ownerId: other }]);
      expect(result.userErrors[0]).toMatchObject({
        field: ['metafields', '0', 'ownerId'],
        code: 'INVALID',
      });
    }
    expect((await read()).metafields.nodes).toEqual([]);
  });

  it('checks namespace and key lengths and characters, and resolves $app', async () => {
    const base = { ownerId, type: 'boolean', value: 'true' };
    const short = await set([{ ...base, namespace: 'gh', key: 'ok' }]);
    expect(short.userErrors[0]).toMatchObject({
      field: ['metafields', '0', 'namespace'],
      code: 'TOO_SHORT',
    });
    const badKey = await set([{ ...base, namespace: 'gatehouse', key: 'has space' }]);
    expect(badKey.userErrors[0]).toMatchObject({
      field: ['metafields', '0', 'key'],
      code: 'INVALID',
    });
    const reserved = await set([{ ...base, namespace: '$app:flags', key: 'beta' }]);
    expect(reserved.metafields?.[0]?.namespace).toBe('app--1--flags');
    expect((await read('beta', '$app:flags')).metafield?.value).toBe('true');
  });
});
