// Bad input never reaches the database: NUL and control characters, bidi overrides in what a
// merchant is shown, impossible or out-of-range dates, expiries already past, crafted page
// cursors, built-in key names and /0 ranges each answer 400 with a sentence, and change
// nothing. Plus the small protocol answers: 401 with its Bearer challenge, 431 in the
// error body (`Message`, `code`, `issues`), validation messages that name the field.
import { connect } from 'node:net';
import { hygieneMessages, protectionMessages } from '@gatehouse/contracts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ipRules } from '../src/protection/protection-schema.js';
import { shops } from '../src/core/db/schema.js';
import { useSignedInShops, type ShopSession } from './helpers/signed-in-shops.js';
import type { TestApp } from './helpers/test-app.js';

let t: TestApp;
let shop: ShopSession;
// The ISP/ASN Blocker is a paid feature.
useSignedInShops({ shop: { name: 'hygiene-shop', plan: 'premium' } }, (s) => ({ t, shop } = s));
beforeAll(async () => {
  const added = await t.call('addIpBlocker', shop.token, { ip: '10.233.0.9', note: 'kept' });
  expect(added.statusCode).toBe(200);
});

const rows = () => t.app.db.select().from(ipRules).orderBy(ipRules.id);
const cursor = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString('base64url');

async function refused(
  name: Parameters<TestApp['call']>[0],
  input: unknown,
  message?: string | RegExp,
) {
  const before = await rows();
  const res = await t.call(name, shop.token, input);
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<{ Message: string }>();
  expect(Object.keys(body)).toEqual(['Message', 'code', 'issues']);
  if (typeof message === 'string') expect(body.Message).toBe(message);
  else if (message) expect(body.Message).toMatch(message);
  expect(await rows()).toEqual(before);
  return body.Message;
}

describe('text', () => {
  it.each([
    ['addIpBlocker', { ip: '10.233.0.1', note: 'a\u0000b' }],
    ['addWhiteLists', { ip: '10.233.0.1', note: 'a\u0007b' }],
    ['addIpBlocker', { ip: '10.233.0.1', note: 'evil\u202egnp.exe' }],
    ['addAsnBlocker', { value: 'Hetz\u0000ner' }],
    ['addAsnBlocker', { value: 'Hetzner\u202e' }],
    ['addAsnBlocker', { value: 'AS15169', note: 'x\u2066y' }],
    ['createCustomerQuestion', { content: 'hi\u0000', name: 'Ann', replyEmail: 'a@b.co' }],
    ['previewIpBlockerImport', { csv: '10.233.0.5,a\u0000b' }],
    ['commitIpBlockerImport', { csv: '10.233.0.5,a\u0000b', token: 'x' }],
    ['listVisits', { url: '\u0000' }],
    ['listIpBlocker', { search: '\u0000' }],
  ] as const)('%s refuses %j', async (name, input) => {
    await refused(name, input, /character/);
  });

  it('refuses NUL in the block page title and message', async () => {
    const settings = (await t.call('getGeneralSettings', shop.token)).json<{
      blockPage: Record<string, unknown>;
    }>();
    const { maxLogRetentionHours: _max, ...current } = settings as unknown as Record<
      string,
      unknown
    >;
    for (const field of ['title', 'message']) {
      await refused(
        'saveGeneralSettings',
        { ...current, blockPage: { ...settings.blockPage, [field]: 'Closed\u0000' } },
        /character/,
      );
    }
  });

  it('refuses a control character in a field the schema does not name', async () => {
    await refused('getNotification', { ['x\u0000']: 1 });
    await refused('addIpBlocker', { ip: '10.233.0.1', extra: { deep: ['\u0000'] } }, /extra/);
  });

  it('support notify refuses NUL', async () => {
    const res = await t.support('POST', '/api/support/notify', {
      shop: shop.shop,
      text: 'a\u0000b',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('dates', () => {
  it.each([
    ['0000-01-01', /real calendar date|years 2000 and 2100/],
    ['0001-01-01T00:00:00Z', /years 2000 and 2100/],
    ['0099-06-01', /years 2000 and 2100/],
    ['2027-02-30', /real calendar date/],
    ['2030-13-01', /date and time/],
    ['2030-01-01T24:00:00Z', /real calendar date/],
    ['2030-01-01T00:00:00+99:00', /date and time/],
    ['2001-01-01T00:00:00Z', hygieneMessages.past],
  ])('an expiry of %s is refused on add, update and CSV import', async (expiresAt, message) => {
    await refused('addIpBlocker', { ip: '10.233.0.2', expiresAt }, message);
    const [entry] = await rows();
    await refused('updateIpBlocker', { id: entry!.id, expiresAt }, message);
    const preview = await t.call('previewIpBlockerImport', shop.token, {
      csv: `10.233.0.3,note,${expiresAt}`,
    });
    expect(preview.json()).toMatchObject({ token: null, errors: [{ line: 1 }] });
    await refused('commitIpBlockerImport', { csv: `10.233.0.3,note,${expiresAt}`, token: 'x' });
  });

  it('keeps a real future expiry as written', async () => {
    const res = await t.call('addIpBlocker', shop.token, {
      ip: '10.233.0.4',
      expiresAt: '2099-12-31T00:00:00Z',
    });
    expect(res.json()).toMatchObject({ expiresAt: '2099-12-31T00:00:00.000Z' });
  });

  it.each(['0000-01-01', '2027-02-30', '2030-01-01T00:00:00+99'])(
    'the visitor log refuses %s as from/to',
    async (time) => {
      await refused('listVisits', { from: time }, /date/);
      await refused('listVisits', { to: time }, /date/);
      const res = await shop.inject({
        method: 'GET',
        url: `/api/visitors/export?from=${encodeURIComponent(time)}`,
      });
      expect(res.statusCode).toBeLessThan(500);
    },
  );
});

describe('cursors', () => {
  it.each([
    ['an id past bigint', cursor(['2030-01-01 00:00:00+00', '99999999999999999999'])],
    ['an id past bigint (19 digits)', cursor(['2030-01-01 00:00:00+00', '9999999999999999999'])],
    ['month 13', cursor(['2030-13-01 00:00:00+00', '1'])],
    ['a +99 offset', cursor(['2030-01-01 00:00:00+99', '1'])],
    ['year 0000', cursor(['0000-01-01 00:00:00+00', '1'])],
  ])('the visitor log refuses a cursor with %s', async (_what, value) => {
    await refused('listVisits', { cursor: value }, protectionMessages.cursor);
  });

  it('the IP list refuses a cursor whose id is 36 dashes', async () => {
    await refused(
      'listIpBlocker',
      { cursor: cursor([new Date().toISOString(), '-'.repeat(36)]) },
      protectionMessages.cursor,
    );
  });
});

describe('support set', () => {
  it.each(['toString', 'constructor', 'valueOf', 'hasOwnProperty', '__proto__'])(
    'refuses the key %s and changes nothing',
    async (key) => {
      const [before] = await t.app.db.select().from(shops).where(eq(shops.domain, shop.shop));
      const res = await t.support('POST', '/api/support/set', {
        shop: shop.shop,
        values: JSON.parse(`{"${key}": "true"}`) as unknown,
      });
      expect(res.statusCode).toBe(400);
      const [after] = await t.app.db.select().from(shops).where(eq(shops.domain, shop.shop));
      expect(after).toEqual(before);
    },
  );
});

describe('ranges', () => {
  it.each(['0.0.0.0/0', '::/0', '10.0.0.0/0'])('refuses %s on both lists', async (ip) => {
    await refused('addIpBlocker', { ip }, /every address/);
    await refused('addWhiteLists', { ip }, /every address/);
    const preview = await t.call('previewWhiteListsImport', shop.token, { csv: ip });
    expect(preview.json()).toMatchObject({ token: null, errors: [{ line: 1 }] });
  });
});

describe('protocol answers', () => {
  it('a 401 carries a Bearer challenge', async () => {
    const none = await t.call('getAccountInfo', null);
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="Gatehouse"');
    const bad = await t.call('getAccountInfo', 'not-a-session');
    expect(bad.headers['www-authenticate']).toMatch(/^Bearer .*error="invalid_token"/);
  });

  it('headers too large answer 431 with a Message', async () => {
    const port = new URL(t.config.appUrl).port;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1');
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('utf8')));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;
    expect(body).toMatchObject({ Message: expect.stringMatching(/headers are too large/) });
  });

  it('validation messages name the field and what is expected', async () => {
    const res = await t.call('saveCountryBlocker', shop.token, {
      mode: 'blacklist',
      countries: [],
      action: { type: 'block' },
      monitor: 'yes',
    });
    expect(res.json()).toMatchObject({ Message: '"monitor" must be true or false, not text.' });
    const root = await shop.inject({
      method: 'POST',
      url: '/api/regionBlocker/save',
      headers: { 'content-type': 'application/json' },
      payload: '[1]',
    });
    expect(root.json()).toMatchObject({
      Message: 'The request must be a JSON object of fields, not a list.',
    });
  });
});
