import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CountryBlockerSettings } from '@gatehouse/contracts';
import type { AppState } from '../../../lib/app-state.js';
import { describedBy } from '../../../test/described-by.js';
import { walkRedirectField } from '../../../test/redirect-field.js';
import { refusal, renderPage } from '../../../test/render-page.js';
import { CountryBlockerPage } from './country-blocker-page.js';

vi.mock('../../../lib/app-state.js', async (original) => ({
  ...(await original<object>()),
  useAppState: (): Partial<AppState> => ({ isExtensionEnabled: true, shellLoaded: true }),
}));

const STORED: CountryBlockerSettings = {
  mode: 'blacklist',
  countries: ['FR'],
  action: { type: 'redirect', url: 'https://example.com/sorry' },
  monitor: false,
};

function renderCountryBlocker(save: (body: unknown) => unknown) {
  const view = renderPage(<CountryBlockerPage />, {
    '/api/regionBlocker/get': () => STORED,
    '/api/accessRequests/ruleCounts': () => ({ counts: {} }),
    '/api/regionBlocker/save': save,
  });
  return { ...view, saves: () => view.sentTo('/api/regionBlocker/save') };
}

const redirectField = () => screen.findByRole('textbox', { name: 'Redirect URL' });

describe('the Country Blocker under the save bar', () => {
  it('puts the save call’s message at the redirect address and sends nothing until it is fixed', async () => {
    const { user, saves } = renderCountryBlocker(() => STORED);
    const url = await redirectField();
    await waitFor(() => expect(url).toHaveProperty('value', 'https://example.com/sorry'));
    const sent = await walkRedirectField(user, url, saves, 'example.com');
    expect(sent).toMatchObject({
      action: { type: 'redirect', url: 'https://example.com/closed' },
    });
  });

  it('shows the server’s refusal of its rule at the field its path names, and keeps the edits', async () => {
    const message = '"https://example.com/x" is refused here.';
    const { user, saves } = renderCountryBlocker(() =>
      refusal(message, 'invalid_rules', [
        { path: ['rules', 4, 'action', 'url'], code: 'invalidRedirectUrl', message },
      ]),
    );
    const url = await redirectField();
    await waitFor(() => expect(url).toHaveProperty('value', 'https://example.com/sorry'));
    await user.type(url, '/x');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(describedBy(url)).toContain(message));
    expect(saves()).toHaveLength(1);
    expect(screen.queryByText('The Country Blocker was not saved')).toBeNull();
    expect(url).toHaveProperty('value', 'https://example.com/sorry/x');

    // The next edit clears the refusal until the next save.
    await user.type(url, 'y');
    await waitFor(() => expect(describedBy(url)).not.toContain(message));
  });

  it('shows a refused country in the country list and a refusal about no field above the form', async () => {
    const country = '"ZZ" is not a country code (use two letters, like US or DE)';
    let answer = () =>
      refusal(country, 'invalid_rules', [
        { path: ['rules', 0, 'countries', 1], code: 'invalidCountry', message: country },
      ]);
    const { user } = renderCountryBlocker(() => answer());
    const url = await redirectField();
    await user.type(url, '/x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(country)).toBeDefined();
    expect(screen.queryByText('The Country Blocker was not saved')).toBeNull();

    answer = () => refusal('The store is being set up. Try again in a minute.', 'conflict', []);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The Country Blocker was not saved')).toBeDefined();
    expect(screen.getByText('The store is being set up. Try again in a minute.')).toBeDefined();
  });
});
