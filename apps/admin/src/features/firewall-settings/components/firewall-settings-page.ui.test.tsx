import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { firewallMessages, type FirewallSettingsView } from '@gatehouse/contracts';
import { describedBy } from '../../../test/described-by.js';
import { renderPage } from '../../../test/render-page.js';
import { FirewallSettingsEditor } from './firewall-settings-page.js';

const STORED: FirewallSettingsView = {
  enabled: false,
  origin: '',
  hosts: [],
  enforce: [],
  rateLimit: { enabled: false, max: 100, windowSeconds: 60, action: 'challenge' },
  firewallHost: 'fw.gatehouse.test',
  firewallAddress: null,
};

const REFUSAL = firewallMessages.originNotPublic('169.254.169.254 is a link-local address');

function renderSettings(save: (body: unknown) => unknown) {
  const saves: unknown[] = [];
  const view = renderPage(<FirewallSettingsEditor />, {
    '/api/firewall/getSettings': () => STORED,
    '/api/account/getWafConnected': () => false,
    '/api/firewall/saveSettings': (body) => {
      saves.push(body);
      return save(body);
    },
  });
  return { ...view, saves };
}

const field = (name: string) => screen.findByRole('textbox', { name });

describe('Firewall Settings under the save bar', () => {
  it('puts the contract’s messages at their fields and sends nothing until they are fixed', async () => {
    const { user, saves } = renderSettings(() => STORED);
    const origin = await field('Store origin');
    await user.type(origin, 'ftp://store.example');
    await user.type(await field('Domains'), 'not a host');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(describedBy(origin)).toContain(firewallMessages.origin));
    expect(describedBy(screen.getByRole('textbox', { name: 'Domains' }))).toContain(
      firewallMessages.host,
    );
    expect(screen.queryByText('The settings were not saved')).toBeNull();
    expect(saves).toEqual([]);
  });

  it('shows the server’s refusal of the origin under the origin, and keeps the edits', async () => {
    const { user, saves } = renderSettings(() =>
      Response.json(
        {
          Message: REFUSAL,
          code: 'bad_request',
          issues: [{ path: ['origin'], code: 'origin_refused', message: REFUSAL }],
        },
        { status: 400 },
      ),
    );
    const origin = await field('Store origin');
    await user.type(origin, 'http://169.254.169.254/latest');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(describedBy(origin)).toContain(REFUSAL));
    expect(saves).toHaveLength(1);
    expect(screen.queryByText('The settings were not saved')).toBeNull();
    expect(origin).toHaveProperty('value', 'http://169.254.169.254/latest');

    // The next edit clears the refusal until the next save.
    await user.type(origin, '/');
    await waitFor(() => expect(describedBy(origin)).not.toContain(REFUSAL));
  });

  it('says above the form a refusal that is about no one field', async () => {
    const { user } = renderSettings(() =>
      Response.json(
        {
          Message: 'The firewall is being set up. Try again in a minute.',
          code: 'conflict',
          issues: [],
        },
        { status: 400 },
      ),
    );
    await user.click(
      await screen.findByRole('checkbox', { name: 'Limit the requests of each visitor address' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The settings were not saved')).toBeDefined();
    expect(screen.getByText('The firewall is being set up. Try again in a minute.')).toBeDefined();
  });
});
