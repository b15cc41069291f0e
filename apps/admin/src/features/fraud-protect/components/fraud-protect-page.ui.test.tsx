import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FRAUD_PROTECT,
  ORDER_LOG_PAGE_SIZE,
  fraudProtectMessages as m,
  type FraudProtectView,
} from '@gatehouse/contracts';
import { describedBy } from '../../../test/described-by.js';
import { refusal, renderPage } from '../../../test/render-page.js';
import { FraudProtectEditor } from './fraud-protect-page.js';

const STORED: FraudProtectView = {
  settings: { ...DEFAULT_FRAUD_PROTECT, enabled: true },
  logRetentionDays: 90,
  canReadCustomers: true,
};

function renderFraudProtect(save: (body: unknown) => unknown) {
  const view = renderPage(<FraudProtectEditor />, {
    '/api/fraudProtect/get': () => STORED,
    '/api/fraudProtect/log': () => ({
      entries: [],
      total: 0,
      page: 1,
      pageSize: ORDER_LOG_PAGE_SIZE,
    }),
    '/api/fraudProtect/save': save,
  });
  return { ...view, saves: () => view.sentTo('/api/fraudProtect/save') };
}

const amountField = () => screen.findByRole('spinbutton', { name: 'Never act on orders under' });

describe('Fraud Protect under the save bar', () => {
  it('puts the save call’s messages at their fields and sends nothing until they are fixed', async () => {
    const { user, saves } = renderFraudProtect((body) => ({ ...STORED, settings: body }));
    const amount = await amountField();
    await user.type(amount, '12.345');
    await user.click(screen.getByRole('radio', { name: 'Only tag it (flag for review)' }));
    const tag = screen.getByRole('textbox', { name: 'Tag' });
    await user.clear(tag);
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(describedBy(amount)).toContain(m.amount));
    expect(saves()).toEqual([]);

    // Once shown, the messages follow the draft as it is typed: the settings as a whole are
    // checked once each field reads.
    await user.clear(amount);
    await user.type(amount, '12.5');
    await waitFor(() => expect(describedBy(amount)).not.toContain(m.amount));
    await waitFor(() => expect(describedBy(tag)).toContain(m.tagRequired));
    await user.type(tag, 'risky');
    await waitFor(() => expect(describedBy(tag)).not.toContain(m.tagRequired));
    expect(saves()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toMatchObject({ mode: 'flag', tag: 'risky', minOrderAmount: 12.5 });
  });

  it('shows the server’s refusal at the field its path names, and a refusal about no field above the form', async () => {
    let answer = () =>
      refusal(m.customerTags, 'invalid_input', [
        { path: ['exemptCustomerTags', 3], code: 'too_big', message: m.customerTags },
      ]);
    const { user, saves } = renderFraudProtect(() => answer());
    const tags = await screen.findByRole('textbox', { name: 'Never act on customers tagged' });
    await user.type(tags, 'VIP, wholesale');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(describedBy(tags)).toContain(m.customerTags));
    expect(saves()).toHaveLength(1);
    expect(screen.queryByText('Fraud Protect was not saved')).toBeNull();
    expect(tags).toHaveProperty('value', 'VIP, wholesale');

    // The next edit clears the refusal until the next save.
    await user.type(tags, ', staff');
    await waitFor(() => expect(describedBy(tags)).not.toContain(m.customerTags));

    answer = () =>
      refusal(
        'Gatehouse could not reach Shopify. Try again in a minute.',
        'platform_unavailable',
        [],
      );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Fraud Protect was not saved')).toBeDefined();
    expect(
      screen.getByText('Gatehouse could not reach Shopify. Try again in a minute.'),
    ).toBeDefined();
  });
});
