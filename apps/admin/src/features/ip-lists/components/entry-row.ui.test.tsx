import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { IpEntry } from '@gatehouse/contracts';
import { refusal, renderPage } from '../../../test/render-page.js';
import { EntriesTable } from './entries-table.js';

const ENTRY: IpEntry = {
  id: '0f8e1c9a-6a51-4d5e-9a55-1d3c2b4a5e61',
  ip: '203.0.113.7',
  note: 'scraper',
  expiresAt: null,
  hits: 3,
  lastHitAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
};

const NO_PAGES = { hasPrevious: false, hasNext: false, onPrevious() {}, onNext() {} };

function renderList(update: (body: unknown) => unknown) {
  return renderPage(
    <EntriesTable
      list="ipBlocker"
      entries={[ENTRY]}
      loading={false}
      search=""
      matching={1}
      pages={NO_PAGES}
    />,
    {
      '/api/ipBlocker/update': update,
      '/api/ipBlocker/list': () => ({ entries: [ENTRY], nextCursor: null, matching: 1 }),
      '/api/accessRequests/ruleCounts': () => ({ counts: {} }),
    },
  );
}

const noteField = () => screen.getByRole('textbox', { name: `Note for ${ENTRY.ip}` });
const expiryField = () => screen.getByLabelText(`Expiry of ${ENTRY.ip}`);

describe('an IP list entry edited in its row', () => {
  it('sends the trimmed note and the expiry at the end of its day, then closes the editor', async () => {
    const { user, sentTo } = renderList((body) => ({ ...ENTRY, ...(body as object) }));
    await user.click(screen.getByRole('button', { name: `Edit ${ENTRY.ip}` }));
    await user.clear(noteField());
    await user.type(noteField(), ' seen twice ');
    await user.type(expiryField(), '2030-01-31');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save' })).toBeNull());
    const [sent] = sentTo('/api/ipBlocker/update') as { note: string; expiresAt: string }[];
    expect(sent).toMatchObject({ id: ENTRY.id, note: 'seen twice' });
    expect(new Date(sent!.expiresAt).getDate()).toBe(31);
  });

  it('puts the server’s problem with the expiry under the date, and keeps the editor open', async () => {
    const problem = 'Choose a date from today on.';
    const { user } = renderList(() =>
      refusal(problem, 'invalid_input', [
        { path: ['expiresAt'], code: 'custom', message: problem },
      ]),
    );
    await user.click(screen.getByRole('button', { name: `Edit ${ENTRY.ip}` }));
    await user.type(expiryField(), '2020-01-31');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(problem);
    expect(expiryField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
  });
});
