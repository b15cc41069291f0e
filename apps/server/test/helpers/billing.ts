// Billing test helpers: answer a confirmation page as the merchant and follow the platform's
// redirect back to the server, and wait for asynchronous webhook effects.
import { vi } from 'vitest';
import type { TestApp } from './test-app.js';

export async function approve(
  t: TestApp,
  confirmationUrl: string,
  decision: 'approve' | 'decline',
): Promise<{ location: string; chargeId: string }> {
  const back = await t.emulator.answerCharge(confirmationUrl, decision);
  const url = new URL(back);
  const response = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  if (response.statusCode !== 302) throw new Error(`return answered ${response.statusCode}`);
  return {
    location: String(response.headers.location),
    chargeId: url.searchParams.get('charge_id') ?? '',
  };
}

/** Polls `check` until it holds, for at most `timeoutMs`. */
export async function waitFor(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error('condition not met in time');
    },
    { timeout: timeoutMs, interval: 25 },
  );
}
