// The firewall on URL Blocker patterns: a glob of twenty stars and an expression of nested
// repetition, shapes that stall a backtracking engine on a path of a few dozen characters,
// answer a long path at once for every shop behind the firewall; and a stored expression the
// engine now refuses (a backreference, accepted before) is left out on its own, the shop's
// other rules still deciding.
import { describe, expect, it } from 'vitest';
import { send, shopOf, type RunningFirewall, withFirewall } from './helpers.js';

/** The most one request may take, on a loaded machine. */
const BOUND_MS = 2_000;

let firewall: RunningFirewall;

withFirewall(
  {
    shops: (originUrl) => [
      shopOf('stars.example.com', originUrl, {
        appEnabled: true,
        rules: [
          { id: 'glob', kind: 'url', match: 'glob', pattern: `/${'*'.repeat(20)}x` },
          { id: 'nested', kind: 'url', match: 'regex', pattern: 'a*a*a*a*a*a*a*a*a*a*a*a*!' },
        ],
      }),
      shopOf('legacy.example.com', originUrl, {
        appEnabled: true,
        rules: [
          { id: 'backref', kind: 'url', match: 'regex', pattern: '^/(wp)-\\1' },
          { id: 'env', kind: 'url', match: 'exact', pattern: '/.env' },
        ],
      }),
    ],
    firewall: () => ({ refreshMs: 60_000, trustedProxies: ['127.0.0.1'] }),
  },
  (s) => ({ firewall } = s),
);

async function timed(host: string, path: string) {
  const started = performance.now();
  const res = await send(firewall.port, host, path);
  return { status: res.status, ms: performance.now() - started };
}

describe('URL Blocker patterns at the firewall', () => {
  it('answer a long path in bounded time, blocking what the patterns match', async () => {
    const long = `/${'a'.repeat(5_000)}`;
    expect(await timed('stars.example.com', long)).toMatchObject({ status: 200 });
    expect((await timed('stars.example.com', long)).ms).toBeLessThan(BOUND_MS);
    expect((await timed('stars.example.com', `${long}!`)).status).toBe(403);
    const glob = await timed('stars.example.com', `/${'a/'.repeat(2_000)}x`);
    expect(glob.status).toBe(403);
    expect(glob.ms).toBeLessThan(BOUND_MS);
  });

  it('leave out a stored expression the engine now refuses, and keep the shop’s other rules', async () => {
    expect((await timed('legacy.example.com', '/.env')).status).toBe(403);
    expect((await timed('legacy.example.com', '/wp-wp')).status).toBe(200);
  });
});
