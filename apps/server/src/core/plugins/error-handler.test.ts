import Fastify from 'fastify';
import { z } from 'zod';
import { afterAll, describe, expect, it } from 'vitest';
import { errorBody, errorCodes } from '@gatehouse/contracts';
import { badRequest, createError, invalidRules, messages, unauthorized } from '../errors.js';
import { PlatformError } from '../platform/platform-error.js';
import { registerErrorHandler } from './error-handler.js';

const app = Fastify();
registerErrorHandler(app);
const throwing = (path: string, error: () => unknown) =>
  app.get(path, async () => {
    throw error();
  });
throwing('/plain', () => badRequest('Choose a country.'));
throwing('/rules', () =>
  invalidRules('"XX" is not a country code.', [
    { path: ['rules', 2, 'countries', 1], code: 'invalidCountry', message: 'XX is wrong.' },
  ]),
);
throwing('/unauthorized', () => unauthorized());
throwing('/zod', () => z.object({ a: z.object({ b: z.number('Give b.') }) }).parse({ a: {} }));
throwing('/platform', () => new PlatformError('timed out'));
throwing('/bug', () => new Error('secret detail'));
throwing('/fastify', () => Object.assign(new Error('Gone'), { statusCode: 410 }));
afterAll(() => app.close());

const answer = async (url: string) => {
  const res = await app.inject({ url });
  return { status: res.statusCode, body: errorBody.strict().parse(res.json()) };
};

describe('the error catalogue', () => {
  it('makes each kind once, with its code and status, and each error with its own text', () => {
    const gone = createError('not_found', 404);
    const error = gone('That message does not exist.', [{ path: ['id'], code: 'x', message: 'y' }]);
    expect([error.statusCode, error.code, error.message]).toEqual([
      404,
      'not_found',
      'That message does not exist.',
    ]);
    expect(error.issues).toEqual([{ path: ['id'], code: 'x', message: 'y' }]);
    expect(gone('Other.').issues).toEqual([]);
  });

  it('lists its codes as stable snake_case words, each once', () => {
    for (const code of errorCodes) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
    expect(new Set(errorCodes).size).toBe(errorCodes.length);
  });
});

describe('the error handler', () => {
  it('answers a catalogue error with its status, text, code and issues', async () => {
    expect(await answer('/plain')).toEqual({
      status: 400,
      body: { Message: 'Choose a country.', code: 'bad_request', issues: [] },
    });
    expect(await answer('/rules')).toEqual({
      status: 400,
      body: {
        Message: '"XX" is not a country code.',
        code: 'invalid_rules',
        issues: [
          { path: ['rules', 2, 'countries', 1], code: 'invalidCountry', message: 'XX is wrong.' },
        ],
      },
    });
    expect(await answer('/unauthorized')).toMatchObject({
      status: 401,
      body: { Message: messages.sessionExpired, code: 'unauthorized' },
    });
  });

  it("answers a schema's refusal with the first message and every issue's path", async () => {
    expect(await answer('/zod')).toEqual({
      status: 400,
      body: {
        Message: 'Give b.',
        code: 'invalid_input',
        issues: [{ path: ['a', 'b'], code: 'invalid_type', message: 'Give b.' }],
      },
    });
  });

  it('answers the platform, fastify and unexpected failures in the same body', async () => {
    expect(await answer('/platform')).toMatchObject({
      status: 400,
      body: { code: 'platform_unavailable', issues: [] },
    });
    expect(await answer('/fastify')).toEqual({
      status: 410,
      body: { Message: 'Gone', code: 'bad_request', issues: [] },
    });
    const bug = await answer('/bug');
    expect(bug).toEqual({
      status: 500,
      body: { Message: messages.internal, code: 'internal', issues: [] },
    });
  });
});
