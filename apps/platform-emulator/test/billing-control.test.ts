import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmulatorControl } from '../src/control/emulator-control.js';
import { PAYG_ITEMS, RETURN_URL, SHOP, createSubscription } from './billing-helpers.js';
import { install, startEmulator } from './helpers.js';

let app: FastifyInstance;
let control: EmulatorControl;
let baseUrl: string;
let token: string;
beforeEach(async () => {
  app = await startEmulator();
  await app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  control = new EmulatorControl(baseUrl);
  token = await install(app, SHOP);
});
afterEach(() => app.close());

/** The confirmation URL on the port this test listens on. */
const live = (url: string | null) => (url ?? '').replace(/^http:\/\/127\.0\.0\.1:4999/, baseUrl);

describe('billing support commands', () => {
  it('drive a subscription through approval, freeze, reactivation, a new period and cancel', async () => {
    const created = await createSubscription(app, token, {
      name: 'Pay-As-You-Go',
      lineItems: PAYG_ITEMS,
    });
    const id = Number(created.appSubscription?.id.split('/').pop());
    const location = await control.answerCharge(live(created.confirmationUrl), 'approve');
    expect(location).toBe(`${RETURN_URL}&charge_id=${id}`);

    const [listed] = await control.subscriptions(SHOP);
    expect(listed).toMatchObject({
      id,
      gid: created.appSubscription?.id,
      status: 'ACTIVE',
      test: true,
      lineItems: [
        { kind: 'recurring', price: '4.99', currencyCode: 'USD', interval: 'EVERY_30_DAYS' },
        { kind: 'usage', cappedAmount: '30.00', balanceUsed: '0.00' },
      ],
      usageRecords: [],
    });
    expect((await control.freezeSubscription(SHOP, id)).status).toBe('FROZEN');
    expect((await control.unfreezeSubscription(SHOP, id)).status).toBe('ACTIVE');
    const advanced = await control.advanceSubscriptionPeriod(SHOP, id);
    expect(Date.parse(advanced.currentPeriodEnd ?? '')).toBeGreaterThan(
      Date.parse(listed?.currentPeriodEnd ?? ''),
    );
    const cancelled = await control.cancelSubscription(SHOP, created.appSubscription?.id ?? '');
    expect(cancelled).toMatchObject({ status: 'CANCELLED', cancelledAt: expect.any(String) });
  });

  it('expire a pending charge and refuse moves the platform would not make', async () => {
    const created = await createSubscription(app, token);
    const id = Number(created.appSubscription?.id.split('/').pop());
    await expect(control.freezeSubscription(SHOP, id)).rejects.toThrow(/409/);
    await expect(control.advanceSubscriptionPeriod(SHOP, id)).rejects.toThrow(/409/);
    expect((await control.expireSubscription(SHOP, id)).status).toBe('EXPIRED');
    await expect(control.expireSubscription(SHOP, id)).rejects.toThrow(/409/);
    await expect(control.answerCharge(live(created.confirmationUrl), 'approve')).rejects.toThrow(
      /409/,
    );
    await expect(control.cancelSubscription(SHOP, 424242)).rejects.toThrow(/404/);
    const unknownCommand = await app.inject({
      method: 'POST',
      url: `/_emulator/shops/${SHOP}/subscriptions/${id}/refund`,
    });
    expect(unknownCommand.statusCode).toBe(404);
    await expect(control.subscriptions('nobody.myshopify.com')).rejects.toThrow(/404/);
  });

  it('drops every subscription on reset', async () => {
    await createSubscription(app, token);
    expect(await control.subscriptions(SHOP)).toHaveLength(1);
    await control.reset();
    expect(await control.subscriptions(SHOP)).toEqual([]);
  });
});
