import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { protectionMessages as pm, type BotBlockerView } from '@gatehouse/contracts';
import { describedBy } from '../../../test/described-by.js';
import { refusal, renderPage } from '../../../test/render-page.js';
import { EMPTY_BOT_BLOCKER } from '../bot-blocker-form.js';
import { BotBlockerEditor } from './bot-blocker-page.js';

const STORED: BotBlockerView = {
  ...EMPTY_BOT_BLOCKER,
  action: { type: 'redirect', url: 'https://example.com/no-bots' },
};

function renderBotBlocker(save: (body: unknown) => unknown) {
  const view = renderPage(<BotBlockerEditor onUpgrade={() => undefined} />, {
    '/api/botBlocker/get': () => STORED,
    '/api/botBlocker/save': save,
  });
  return { ...view, saves: () => view.sentTo('/api/botBlocker/save') };
}

const redirectField = async () => {
  const url = await screen.findByRole('textbox', { name: 'Redirect URL' });
  await waitFor(() => expect(url).toHaveProperty('value', 'https://example.com/no-bots'));
  return url;
};

describe('the Bot Blocker’s action under the save bar', () => {
  it('puts the save call’s message at the redirect address and sends nothing until it is fixed', async () => {
    const { user, saves } = renderBotBlocker(() => STORED);
    const url = await redirectField();
    await user.clear(url);
    await user.type(url, 'nowhere');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(describedBy(url)).toContain(
        '"nowhere" is not a valid redirect URL (use a full http:// or https:// address)',
      ),
    );
    await user.clear(url);
    await waitFor(() => expect(describedBy(url)).toContain(pm.redirectUrl));
    expect(saves()).toEqual([]);
  });

  it('shows the server’s refusal at the redirect address, and one about no field above the form', async () => {
    const message = 'The redirect address contains an invisible control character.';
    let answer = () =>
      refusal(message, 'invalid_input', [{ path: ['action', 'url'], code: 'custom', message }]);
    const { user, saves } = renderBotBlocker(() => answer());
    const url = await redirectField();
    await user.type(url, '/x');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(describedBy(url)).toContain(message));
    expect(saves()).toHaveLength(1);
    expect(screen.queryByText('The Bot Blocker was not saved')).toBeNull();

    answer = () =>
      refusal('Choose a mode.', 'invalid_input', [
        { path: ['categories'], code: 'custom', message: 'Choose a mode.' },
      ]);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The Bot Blocker was not saved')).toBeDefined();
    expect(screen.getByText('Choose a mode.')).toBeDefined();
  });
});
