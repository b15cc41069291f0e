import { describe, expect, it } from 'vitest';
import { parseAssignments, parseShop, UsageError } from './parse-args.js';
import { runSupportCli } from './program.js';
import type { SupportClient } from './support-client.js';

function recordingClient(answer: unknown = {}) {
  const calls: { method: string; path: string; payload: unknown }[] = [];
  const client: SupportClient = {
    async get(path, query) {
      calls.push({ method: 'GET', path, payload: query });
      return answer as never;
    },
    async post(path, body) {
      calls.push({ method: 'POST', path, payload: body });
      return answer as never;
    },
  };
  return { client, calls };
}

async function run(argv: string[], answer?: unknown) {
  const { client, calls } = recordingClient(answer);
  const out: string[] = [];
  const err: string[] = [];
  const code = await runSupportCli(
    argv,
    client,
    (l) => out.push(l),
    (l) => err.push(l),
  );
  return { code, calls, out: out.join('\n'), err: err.join('\n') };
}

describe('support CLI arguments', () => {
  it('accepts a shop as a handle, a domain or a URL', () => {
    expect(parseShop('demo')).toBe('demo.myshopify.com');
    expect(parseShop('Demo.myshopify.com')).toBe('demo.myshopify.com');
    expect(parseShop('https://demo.myshopify.com/')).toBe('demo.myshopify.com');
    expect(() => parseShop('not a shop')).toThrow(UsageError);
  });

  it('parses key=value pairs and refuses anything else', () => {
    expect(parseAssignments(['isNew=false', 'plan=premium', 'note=a=b'])).toEqual({
      isNew: 'false',
      plan: 'premium',
      note: 'a=b',
    });
    expect(() => parseAssignments(['isNew'])).toThrow('"isNew" is not key=value.');
    expect(() => parseAssignments(['=1'])).toThrow(UsageError);
    expect(() => parseAssignments([])).toThrow(UsageError);
  });

  it('sends set with the normalised shop and the values', async () => {
    const res = await run(['set', 'demo', 'isNew=false', 'installedDaysAgo=4'], {
      shop: { domain: 'demo.myshopify.com', isNew: false },
    });
    expect(res.code).toBe(0);
    expect(res.calls).toEqual([
      {
        method: 'POST',
        path: '/api/support/set',
        payload: { shop: 'demo.myshopify.com', values: { isNew: 'false', installedDaysAgo: '4' } },
      },
    ]);
    expect(res.out).toContain('isNew');
  });

  it('joins the words of a notification into one message', async () => {
    const res = await run(['notify', 'demo', 'Your', 'plan', 'was', 'renewed.']);
    expect(res.code).toBe(0);
    expect(res.calls[0]?.payload).toEqual({
      shop: 'demo.myshopify.com',
      text: 'Your plan was renewed.',
    });
  });

  it('prints the personate link', async () => {
    const res = await run(['personate', 'demo.myshopify.com'], {
      url: 'http://localhost:3000/personate/abc',
    });
    expect(res.code).toBe(0);
    expect(res.out).toContain('http://localhost:3000/personate/abc');
  });

  it('fails with exit code 1 on a missing argument, an unknown command or a bad shop', async () => {
    expect((await run(['personate'])).code).toBe(1);
    expect((await run(['frobnicate'])).code).toBe(1);
    const bad = await run(['show', 'bad shop!']);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('is not a shop handle or domain');
    expect(bad.calls).toHaveLength(0);
  });

  it('reports a server error with exit code 1', async () => {
    const client: SupportClient = {
      get: async () => {
        throw new Error('Cannot reach the Gatehouse server at http://localhost:3000.');
      },
      post: async () => ({}) as never,
    };
    const err: string[] = [];
    const code = await runSupportCli(
      ['questions'],
      client,
      () => {},
      (l) => err.push(l),
    );
    expect(code).toBe(1);
    expect(err.join()).toContain('Cannot reach the Gatehouse server');
  });
});
