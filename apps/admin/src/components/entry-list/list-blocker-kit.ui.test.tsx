import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  asnBlockerManifest,
  firewallAsnBlockerManifest,
  protectionMessages as m,
  referrerBlockerManifest,
  type AsnBlockerView,
  type AsnEntry,
  type FirewallListEntry,
  type ReferrerBlockerView,
  type ReferrerEntry,
} from '@gatehouse/contracts';
import { getToasts } from '../../lib/toast-store.js';
import { describedBy } from '../../test/described-by.js';
import { refusal, renderPage, type ApiHandler } from '../../test/render-page.js';
import { ListBlockerKitEditor, type ListBlockerWords } from './list-blocker-kit.js';

/** A page's words: the add field's label and the unit; the rest is the same for every list. */
const wordsOf = <E,>(label: string, unit: string): ListBlockerWords<E> => ({
  unit,
  intro: 'What the list blocks.',
  upgrade: { title: 'Upgrade', intro: 'On a paid plan:', items: [] },
  add: {
    field: { label, placeholder: '', maxLength: 30_000 },
    notePlaceholder: 'Why',
    submit: 'Add to block list',
  },
  added: (added) => `Blocked ${added.length}`,
  table: {
    filterPlaceholder: 'Filter',
    filterHint: 'Try another.',
    emptyTitle: 'Nothing blocked yet',
    emptyDescription: 'Add one above.',
    valueHeading: 'Value',
    removeBody: () => 'They can come back.',
  },
  matches: () => null,
  ruleTitle: 'When a visitor matches',
});
const asnBlockerWords = wordsOf<AsnEntry>('ASN or ISP name', 'ASNs and ISP names');

const hetzner: AsnEntry = {
  id: '00000000-0000-4000-8000-000000000001',
  asn: null,
  name: 'Hetzner Online',
  note: 'scrapers',
  hits: 3,
  lastHitAt: null,
  createdAt: '2030-01-01T00:00:00.000Z',
};
const ASN_VIEW: AsnBlockerView = {
  action: { type: 'block' },
  monitor: false,
  entries: [hetzner],
  limit: 2000,
};

function renderAsn(add: ApiHandler) {
  let upgraded = 0;
  const view = renderPage(
    <ListBlockerKitEditor
      manifest={asnBlockerManifest}
      words={asnBlockerWords}
      onUpgrade={() => (upgraded += 1)}
    />,
    { '/api/asnBlocker/get': () => ASN_VIEW, '/api/asnBlocker/add': add },
  );
  return { ...view, upgraded: () => upgraded };
}

const field = (name: string) => screen.findByRole('textbox', { name });
const sentTo = (sent: { path: string; body: unknown }[], path: string) =>
  sent.filter((call) => call.path === path).map((call) => call.body);

describe('the list-blocker kit’s page', () => {
  it('lists the entries as their value reads, with the count against the limit', async () => {
    renderAsn(() => hetzner);
    expect(await screen.findByText('Hetzner Online')).toBeTruthy();
    expect(screen.getByText('1 of 2,000 ASNs and ISP names')).toBeTruthy();
  });

  it('sends one value read as the contract reads it, then clears the form', async () => {
    const added: AsnEntry = { ...hetzner, id: crypto.randomUUID(), asn: 15169, name: null };
    const { user, sent } = renderAsn(() => added);
    const value = await field('ASN or ISP name');
    await user.type(value, 'as 15169');
    await user.type(await field('Note'), ' crawler ');
    await user.click(screen.getByRole('button', { name: 'Add to block list' }));

    await waitFor(() =>
      expect(sentTo(sent, '/api/asnBlocker/add')).toEqual([{ value: 'AS15169', note: 'crawler' }]),
    );
    expect(sentTo(sent, '/api/ruleCost/replay')).toContainEqual(
      expect.objectContaining({ call: 'addAsnBlocker', draft: { value: 'AS15169', note: '' } }),
    );
    await waitFor(() => expect(value).toHaveProperty('value', ''));
    expect(await field('Note')).toHaveProperty('value', '');
  });

  it('shows what is wrong with the value at the field and sends nothing', async () => {
    const { user, sent } = renderAsn(() => hetzner);
    const value = await field('ASN or ISP name');
    await user.type(value, 'AS0');
    await user.click(screen.getByRole('button', { name: 'Add to block list' }));

    await waitFor(() => expect(describedBy(value)).toContain(m.asnRange));
    expect(sentTo(sent, '/api/asnBlocker/add')).toEqual([]);
    // The next edit clears the message.
    await user.type(value, '1');
    await waitFor(() => expect(describedBy(value)).not.toContain(m.asnRange));
  });

  it('shows the server’s refusal at the field and keeps what was typed', async () => {
    const { user } = renderAsn(() => Response.json({ Message: m.asnDuplicate }, { status: 400 }));
    const value = await field('ASN or ISP name');
    await user.type(value, 'hetzner, online');
    await user.click(screen.getByRole('button', { name: 'Add to block list' }));

    await waitFor(() => expect(describedBy(value)).toContain(m.asnDuplicate));
    expect(value).toHaveProperty('value', 'hetzner, online');
  });

  it('checks the action by the save call’s schema and puts the server’s refusal at the redirect address', async () => {
    const redirecting: AsnBlockerView = {
      ...ASN_VIEW,
      action: { type: 'redirect', url: 'https://example.com/sorry' },
    };
    const saves: unknown[] = [];
    const { user } = renderPage(
      <ListBlockerKitEditor
        manifest={asnBlockerManifest}
        words={asnBlockerWords}
        onUpgrade={() => undefined}
      />,
      {
        '/api/asnBlocker/get': () => redirecting,
        '/api/asnBlocker/save': (body) => {
          saves.push(body);
          return refusal(m.redirectUrl, 'invalid_input', [
            { path: ['action', 'url'], code: 'invalid_input', message: 'Use your own wording.' },
          ]);
        },
      },
    );
    const url = await field('Redirect URL');
    await waitFor(() => expect(url).toHaveProperty('value', 'https://example.com/sorry'));
    await user.clear(url);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(describedBy(url)).toContain(m.redirectUrl));
    expect(saves).toEqual([]);

    await user.type(url, 'https://example.com/closed');
    await waitFor(() => expect(describedBy(url)).not.toContain(m.redirectUrl));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(describedBy(url)).toContain('Use your own wording.'));
    expect(saves).toEqual([
      { action: { type: 'redirect', url: 'https://example.com/closed' }, monitor: false },
    ]);
    expect(url).toHaveProperty('value', 'https://example.com/closed');
  });

  it('turns to the upgrade prompt when the plan no longer has the blocker', async () => {
    const { user, upgraded } = renderAsn(() =>
      Response.json({ Message: 'Upgrade' }, { status: 403 }),
    );
    await user.type(await field('ASN or ISP name'), 'AS15169');
    await user.click(screen.getByRole('button', { name: 'Add to block list' }));
    await waitFor(() => expect(upgraded()).toBe(1));
  });

  it('sends a list of values for a list that adds several at once, with CSV import and export', async () => {
    const view: ReferrerBlockerView = { ...ASN_VIEW, entries: [] };
    const { user, sent } = renderPage(
      <ListBlockerKitEditor
        manifest={referrerBlockerManifest}
        words={{
          ...wordsOf<ReferrerEntry>('Referrer domains', 'domains'),
          read: (text) => ({ values: text.split(' ') }),
        }}
        onUpgrade={() => {}}
      />,
      {
        '/api/referrerBlocker/get': () => view,
        '/api/referrerBlocker/add': () => ({ added: [], skipped: [] }),
      },
    );
    await user.type(await field('Referrer domains'), 'spam.example *.ads.example');
    await user.click(screen.getByRole('button', { name: 'Add to block list' }));
    await waitFor(() =>
      expect(sentTo(sent, '/api/referrerBlocker/add')).toEqual([
        { domains: ['spam.example', '*.ads.example'], note: '' },
      ]),
    );
    expect(screen.getByRole('button', { name: 'Import CSV' })).toBeTruthy();
  });

  it('reads the added entry from the whole list a firewall list answers, and weighs nothing', async () => {
    const entry: FirewallListEntry = { ...hetzner, id: crypto.randomUUID(), value: 'AS15169' };
    const { user, sent } = renderPage(
      <ListBlockerKitEditor
        manifest={firewallAsnBlockerManifest}
        words={{
          ...wordsOf<FirewallListEntry>('ASN or ISP name', 'ASNs and ISP names'),
          added: ([added]) => `Blocked ${added?.value ?? 'nothing'}`,
        }}
        onUpgrade={() => {}}
      />,
      {
        '/api/fwAsnBlocker/get': () => ({ ...ASN_VIEW, entries: [] }),
        '/api/fwAsnBlocker/add': () => ({ ...ASN_VIEW, entries: [entry] }),
      },
    );
    await user.type(await field('ASN or ISP name'), '15169');
    await user.click(screen.getByRole('button', { name: 'Add to block list' }));

    await waitFor(() =>
      expect(getToasts().map((toast) => toast.content)).toContain('Blocked AS15169'),
    );
    expect(sentTo(sent, '/api/fwAsnBlocker/add')).toEqual([{ value: 'AS15169', note: '' }]);
    // The storefront's visits never met the firewall's rules: no change of its is replayed.
    expect(sentTo(sent, '/api/ruleCost/replay')).toEqual([]);
  });

  it('offers no CSV files for a list without them', async () => {
    renderAsn(() => hetzner);
    await screen.findByText('Hetzner Online');
    expect(screen.queryByRole('button', { name: 'Import CSV' })).toBeNull();
  });
});
