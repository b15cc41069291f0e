import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_REDIRECT_PROMPT,
  geoRedirectMessages as m,
  type GeoRedirectsView,
} from '@gatehouse/contracts';
import type { AppState } from '../../../lib/app-state.js';
import { describedBy } from '../../../test/described-by.js';
import { refusal, renderPage } from '../../../test/render-page.js';
import { GeoRedirectsEditor } from './geo-redirects-page.js';

vi.mock('../../../lib/app-state.js', async (original) => ({
  ...(await original<object>()),
  useAppState: (): Partial<AppState> => ({ account: undefined }),
}));

const STORED: GeoRedirectsView = {
  rules: [
    {
      id: '00000000-0000-4000-8000-000000000001',
      enabled: true,
      countries: ['DE'],
      continents: [],
      url: 'https://example.de/',
      keepPath: true,
      mode: 'auto',
      prompt: DEFAULT_REDIRECT_PROMPT,
      hits: 0,
      lastHitAt: null,
    },
  ],
  limit: 100,
};

function renderRedirects(save: (body: unknown) => unknown) {
  const view = renderPage(<GeoRedirectsEditor />, {
    '/api/redirect/get': () => STORED,
    '/api/redirect/save': save,
  });
  return { ...view, saves: () => view.sentTo('/api/redirect/save') };
}

/** A field of the redirect at a position (from 1): the nearest one around its heading. */
const fieldOf = (position: number, name: string) => {
  let card: HTMLElement | null = screen.getByRole('heading', { name: `Redirect ${position}` });
  while (card && !within(card).queryByRole('textbox', { name })) card = card.parentElement;
  return within(card ?? document.body).getByRole('textbox', { name });
};

const firstTarget = async () => {
  await screen.findByRole('heading', { name: 'Redirect 1' });
  const url = fieldOf(1, 'Send them to');
  await waitFor(() => expect(url).toHaveProperty('value', 'https://example.de/'));
  return url;
};

describe('Geolocation Redirects under the save bar', () => {
  it('puts the save call’s messages at the fields of the rule they are about and sends nothing until they are fixed', async () => {
    const { user, saves } = renderRedirects(() => STORED);
    await firstTarget();
    await user.click(screen.getByRole('button', { name: 'Add redirect' }));
    await screen.findByRole('heading', { name: 'Redirect 2' });
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const url = fieldOf(2, 'Send them to');
    await waitFor(() => expect(describedBy(url)).toContain(m.url));
    expect(describedBy(fieldOf(2, 'Add a country'))).toContain(m.noCountries);
    expect(describedBy(fieldOf(1, 'Send them to'))).not.toContain(m.url);
    expect(saves()).toEqual([]);

    // Once shown, the messages follow the draft as it is typed.
    await user.type(url, 'http://example.fr');
    await waitFor(() => expect(describedBy(url)).toContain(m.urlNotHttps('http://example.fr')));
  });

  it('shows the server’s refusal at the field its path names, in the rule it is about', async () => {
    const message = '"https://example.de/x" is refused here.';
    let answer = () =>
      refusal(message, 'invalid_input', [{ path: ['rules', 0, 'url'], code: 'custom', message }]);
    const { user, saves } = renderRedirects(() => answer());
    const url = await firstTarget();
    await user.type(url, 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(describedBy(url)).toContain(message));
    expect(saves()).toHaveLength(1);
    expect(screen.getByText('Redirect 1 was not saved')).toBeDefined();
    expect(screen.getByText('Correct the redirects marked below, then save again.')).toBeDefined();

    // The next edit clears the refusal until the next save.
    await user.type(url, 'y');
    await waitFor(() => expect(describedBy(url)).not.toContain(message));
    expect(screen.queryByText('Redirect 1 was not saved')).toBeNull();

    // A problem of the rule at no one field shows in the rule; one of the list, above it.
    answer = () =>
      refusal(m.ruleId, 'invalid_input', [
        { path: ['rules', 0, 'id'], code: 'invalid_format', message: m.ruleId },
        { path: ['rules'], code: 'too_big', message: m.tooMany },
      ]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Redirect 1 was not saved')).toBeDefined();
    expect(screen.getByText(m.ruleId)).toBeDefined();
    expect(screen.getByText('The redirects were not saved')).toBeDefined();
    expect(screen.getByText(m.tooMany)).toBeDefined();
  });
});
