import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GeneralSettingsView } from '@gatehouse/contracts';
import { OTHER_PAGE_TEXT, renderPage } from '../../../test/render-page.js';
import { DEFAULT_SETTINGS } from '../settings-rules.js';
import { GeneralSettingsPage } from './general-settings-page.js';

const STORED: GeneralSettingsView = {
  ...DEFAULT_SETTINGS,
  blockPage: { ...DEFAULT_SETTINGS.blockPage, title: 'Stored title' },
};

const formOf = ({ maxLogRetentionHours: _max, ...form }: GeneralSettingsView) => form;

function renderSettings() {
  const saves: unknown[] = [];
  const view = renderPage(<GeneralSettingsPage adminAccessField={() => null} />, {
    '/api/settings/get': () => STORED,
    '/api/settings/save': (body) => {
      saves.push(body);
      return { ...STORED, ...(body as object) };
    },
  });
  return { ...view, saves };
}

const titleInput = () => screen.findByRole('textbox', { name: 'Title' });
const saveBar = () => screen.queryByText('Unsaved changes');

describe('General Settings under the save bar', () => {
  it('shows the bar once the draft differs from what is stored, and Discard goes back', async () => {
    const { user } = renderSettings();
    const title = await titleInput();
    await waitFor(() => expect(title).toHaveProperty('value', 'Stored title'));
    expect(saveBar()).toBeNull();

    await user.clear(title);
    await user.type(title, 'New title');
    expect(saveBar()).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(title).toHaveProperty('value', 'Stored title');
    expect(saveBar()).toBeNull();
  });

  it('typing the stored value back leaves nothing unsaved', async () => {
    const { user } = renderSettings();
    const title = await titleInput();
    await waitFor(() => expect(title).toHaveProperty('value', 'Stored title'));
    await user.type(title, 'x');
    expect(saveBar()).not.toBeNull();
    await user.type(title, '{Backspace}');
    expect(saveBar()).toBeNull();
  });

  it('Save puts the contract’s messages under the fields and sends nothing until they are fixed', async () => {
    const { user, saves } = renderSettings();
    const title = await titleInput();
    await waitFor(() => expect(title).toHaveProperty('value', 'Stored title'));
    await user.clear(title);
    await user.type(title, ' ');
    const logo = screen.getByRole('textbox', { name: 'Logo URL' });
    await user.type(logo, 'http://x/y.png');
    expect(screen.queryByText('The block page title must be 1 to 100 characters.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('The block page title must be 1 to 100 characters.'),
    ).toBeDefined();
    expect(screen.getByText('The logo must be an https:// image address.')).toBeDefined();
    expect(saves).toEqual([]);

    // Once shown, the messages follow the draft as it is typed.
    await user.type(title, 'Fixed');
    await waitFor(() =>
      expect(screen.queryByText('The block page title must be 1 to 100 characters.')).toBeNull(),
    );
    await user.clear(logo);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ blockPage: { title: 'Fixed', logoUrl: null } });
    await waitFor(() => expect(saveBar()).toBeNull());
    expect(title).toHaveProperty('value', 'Fixed');
  });

  it('the master switch saves only itself: the bar follows the edits, not the switch', async () => {
    const { user, saves } = renderSettings();
    const title = await titleInput();
    await waitFor(() => expect(title).toHaveProperty('value', 'Stored title'));

    await user.click(screen.getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(saves).toEqual([{ ...formOf(STORED), appEnabled: false }]));
    expect(await screen.findByRole('button', { name: 'Enable' })).toBeDefined();
    expect(saveBar()).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.type(title, '!');
    await user.click(screen.getByRole('button', { name: 'Enable' }));
    await waitFor(() => expect(saves).toHaveLength(2));
    expect(saves[1]).toMatchObject({ appEnabled: true, blockPage: { title: 'Stored title' } });
    await screen.findByRole('button', { name: 'Disable' });
    expect(saveBar()).not.toBeNull();
    expect(title).toHaveProperty('value', 'Stored title!');
  });

  it('asks before leaving with unsaved changes: Stay keeps them, Leave page goes', async () => {
    const { user, router } = renderSettings();
    const title = await titleInput();
    await waitFor(() => expect(title).toHaveProperty('value', 'Stored title'));
    await user.type(title, '!');

    void router.navigate('/other');
    expect(await screen.findByText('Leave page with unsaved changes?')).toBeDefined();
    expect(screen.getByText('Leaving this page will discard all unsaved changes.')).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(title).toHaveProperty('value', 'Stored title!');
    expect(screen.queryByText(OTHER_PAGE_TEXT)).toBeNull();

    void router.navigate('/other');
    await user.click(await screen.findByRole('button', { name: 'Leave page' }));
    expect(await screen.findByText(OTHER_PAGE_TEXT)).toBeDefined();
  });
});
