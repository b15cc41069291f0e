import { describe, expect, it } from 'vitest';
import { runSupportCli } from './program.js';
import type { SupportClient } from './support-client.js';

async function run(argv: string[], answer: unknown = {}) {
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
  const out: string[] = [];
  const code = await runSupportCli(
    argv,
    client,
    (l) => out.push(l),
    (l) => out.push(l),
  );
  return { code, calls, out: out.join('\n') };
}

describe('support CLI: webhooks and data requests', () => {
  it('lists a shop’s failed deliveries with the reason', async () => {
    const res = await run(['webhooks', 'demo', '--status', 'failed'], {
      deliveries: [
        {
          webhookId: 'w-1',
          shop: 'demo.myshopify.com',
          topic: 'customers/data_request',
          status: 'failed',
          attempts: 9,
          lastError: 'Shopify is having trouble right now.',
          receivedAt: '2026-01-01T00:00:00.000Z',
        },
      ],
    });
    expect(res.code).toBe(0);
    expect(res.calls[0]).toEqual({
      method: 'GET',
      path: '/api/support/webhooks',
      payload: { shop: 'demo.myshopify.com', status: 'failed' },
    });
    expect(res.out).toContain('customers/data_request');
    expect(res.out).toContain('Shopify is having trouble right now.');
  });

  it('replays a delivery and prints an export as JSON', async () => {
    expect((await run(['replay', 'w-1'])).calls[0]).toEqual({
      method: 'POST',
      path: '/api/support/webhooks/retry',
      payload: { webhookId: 'w-1' },
    });
    const shown = await run(['data-request', 'abc'], { id: 'abc', data: { visitsTotal: 2 } });
    expect(shown.calls[0]?.path).toBe('/api/support/data-requests/abc');
    expect(JSON.parse(shown.out)).toEqual({ id: 'abc', data: { visitsTotal: 2 } });
    const none = await run(['data-requests', 'demo'], { dataRequests: [] });
    expect(none.out).toBe('No customer data requests.');
  });
});
