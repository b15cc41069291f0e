import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { VpnBlockerView } from '@gatehouse/contracts';
import { describedBy } from '../../../test/described-by.js';
import { walkRedirectField } from '../../../test/redirect-field.js';
import { refusal, renderPage } from '../../../test/render-page.js';
import { EMPTY_VPN_BLOCKER } from '../vpn-blocker-form.js';
import { VpnBlockerEditor } from './vpn-blocker-page.js';

const STORED: VpnBlockerView = {
  ...EMPTY_VPN_BLOCKER,
  switches: {
    ...EMPTY_VPN_BLOCKER.switches,
    vpn: {
      enabled: true,
      action: { type: 'redirect', url: 'https://example.com/no-vpn' },
      monitor: false,
    },
  },
};

function renderVpnBlocker(save: (body: unknown) => unknown) {
  const view = renderPage(<VpnBlockerEditor onUpgrade={() => undefined} />, {
    '/api/vpnBlocker/get': () => STORED,
    '/api/accessRequests/ruleCounts': () => ({ counts: {} }),
    '/api/vpnBlocker/save': save,
  });
  return { ...view, saves: () => view.sentTo('/api/vpnBlocker/save') };
}

const redirectField = async () => {
  const url = await screen.findByRole('textbox', { name: 'Redirect URL' });
  await waitFor(() => expect(url).toHaveProperty('value', 'https://example.com/no-vpn'));
  return url;
};

describe('the Bot (VPN/Proxy) Blocker under the save bar', () => {
  it('puts the save call’s message at the switch’s redirect address and sends nothing until it is fixed', async () => {
    const { user, saves } = renderVpnBlocker(() => STORED);
    const url = await redirectField();
    const sent = await walkRedirectField(user, url, saves, 'ftp://x.example');
    expect(sent).toMatchObject({
      switches: { vpn: { action: { type: 'redirect', url: 'https://example.com/closed' } } },
    });
  });

  it('shows the server’s refusal at its switch’s field, and a refusal about no field above the form', async () => {
    const message = 'The redirect address contains an invisible control character.';
    let answer = () =>
      refusal(message, 'invalid_input', [
        { path: ['switches', 'vpn', 'action', 'url'], code: 'custom', message },
      ]);
    const { user, saves } = renderVpnBlocker(() => answer());
    const url = await redirectField();
    await user.type(url, '/x');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(describedBy(url)).toContain(message));
    expect(saves()).toHaveLength(1);
    expect(screen.queryByText('The Bot (VPN/Proxy) Blocker was not saved')).toBeNull();
    expect(url).toHaveProperty('value', 'https://example.com/no-vpn/x');

    // The next edit clears the refusal until the next save.
    await user.type(url, 'y');
    await waitFor(() => expect(describedBy(url)).not.toContain(message));

    answer = () => refusal('The address lists are being loaded. Try again.', 'conflict', []);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The Bot (VPN/Proxy) Blocker was not saved')).toBeDefined();
    expect(screen.getByText('The address lists are being loaded. Try again.')).toBeDefined();
  });
});
