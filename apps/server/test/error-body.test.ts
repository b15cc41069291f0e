// Every refusal of the API answers one body: the exact `Message`, the kind of failure as a
// stable `code`, and each problem with its path in `issues`, whatever refused it (the call's
// schema, the engine compiling the rules, fastify itself); bad input is never a 5xx.
import { errorBody, errorCodes } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { useSignedInShops, type ShopSession } from './helpers/signed-in-shops.js';
import type { TestApp } from './helpers/test-app.js';

let t: TestApp;
let alice: ShopSession;
useSignedInShops({ alice: { name: 'alice-store', plan: 'premium' } }, (s) => ({ t, alice } = s));

const post = (url: string, payload: string, token = alice.token) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `bearer ${token}`, 'content-type': 'application/json' },
    payload,
  });

describe('the error body', () => {
  it('lists every schema problem of a body with its path, on any call', async () => {
    const read = await t.call('markMessageRead', alice.token, { id: 'not-a-uuid' });
    expect(read.statusCode).toBe(400);
    expect(read.json()).toEqual({
      Message: 'That message does not exist.',
      code: 'invalid_input',
      issues: [{ path: ['id'], code: 'invalid_format', message: 'That message does not exist.' }],
    });

    const geo = await t.call('saveGeoRedirects', alice.token, { rules: [{ countries: 5 }] });
    expect(geo.statusCode).toBe(400);
    const body = errorBody.parse(geo.json());
    expect(body.code).toBe('invalid_input');
    expect(body.issues.length).toBeGreaterThan(0);
    for (const issue of body.issues) expect(issue.path.slice(0, 2)).toEqual(['rules', 0]);
    expect(body.Message).toBe(body.issues[0]?.message);
  });

  it('lists a query the schema refuses with its path', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/visitors/list?range=forever',
      headers: { authorization: `bearer ${alice.token}` },
    });
    expect(res.statusCode).toBe(400);
    const body = errorBody.parse(res.json());
    expect(body.code).toBe('invalid_input');
    expect(body.issues.map((i) => i.path)).toEqual([['range']]);
  });

  it("passes the engine's problems through with their codes and paths", async () => {
    const res = await t.call('addBotBlocker', alice.token, { pattern: 'bot{1001}', regex: true });
    expect(res.statusCode).toBe(400);
    const body = errorBody.parse(res.json());
    expect(body.Message).toBe(
      '"bot{1001}" cannot be used in user-agent patterns (invalid repeat count: `{1001}`)',
    );
    expect(body.code).toBe('invalid_rules');
    expect(body.issues).toEqual([
      expect.objectContaining({ message: body.Message, path: expect.arrayContaining(['rules']) }),
    ]);
    expect(body.issues[0]?.code).toMatch(/^[a-zA-Z]+$/);
  });

  it('gives the refusals that are about no one field a code and no issues', async () => {
    const json = await post('/api/account/getNotification', '{not json');
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({
      Message: 'The request body is not valid JSON.',
      code: 'invalid_json',
      issues: [],
    });

    const signedOut = await post('/api/account/getNotification', '{}', 'nope');
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toMatchObject({ code: 'unauthorized', issues: [] });

    const missing = await t.app.inject({ url: '/api/no-such-call' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ Message: 'Not found.', code: 'not_found', issues: [] });

    const text = await t.app.inject({
      method: 'POST',
      url: '/api/account/getNotification',
      headers: { authorization: `bearer ${alice.token}`, 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({ code: 'unsupported_media_type', issues: [] });
  });

  it('answers bad bodies on many calls with 400 and a known code, never a 5xx', async () => {
    const bodies = ['[]', '"x"', '{"id": {"$ne": 1}}', '{"rules": null}', '{"pattern": 7}'];
    const calls = [
      '/api/account/markMessageRead',
      '/api/redirect/save',
      '/api/autoCancel/save',
      '/api/customerQuestion/create',
    ];
    for (const url of calls) {
      for (const payload of bodies) {
        const res = await post(url, payload);
        const where = `${url} ${payload} → ${res.statusCode} ${res.body}`;
        expect(res.statusCode, where).toBe(400);
        const body = errorBody.strict().parse(res.json());
        expect(errorCodes, where).toContain(body.code);
        expect(body.Message, where).not.toBe('');
      }
    }
  });
});
