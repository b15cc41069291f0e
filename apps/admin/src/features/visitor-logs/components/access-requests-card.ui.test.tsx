import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AccessRequestView } from '@gatehouse/contracts';
import { renderPage } from '../../../test/render-page.js';
import { AccessRequestsCard } from './access-requests-card.js';

const REQUEST: AccessRequestView = {
  id: '3f1e9c2a-0000-4000-8000-000000000001',
  sentAt: new Date().toISOString(),
  reference: '0ABCD-12345',
  visitTime: new Date().toISOString(),
  ip: '8.8.8.8',
  email: 'shopper@example.com',
  message: 'I live in Boston.',
  rule: {
    id: 'country',
    kind: 'country',
    label: 'Country Blocker (blacklist)',
    mode: 'blacklist',
    page: '/regionBlocker',
  },
  allowedAt: null,
};

describe('the access requests card', () => {
  it('lists a request with its visit and allows the address in one click', async () => {
    let allowed: string | null = null;
    const shown: string[] = [];
    const { user } = renderPage(<AccessRequestsCard onShowVisit={(r) => shown.push(r)} />, {
      '/api/accessRequests/list': () => ({
        requests: [{ ...REQUEST, allowedAt: allowed }],
        open: allowed ? 0 : 1,
      }),
      '/api/accessRequests/allow': (body) => {
        allowed = new Date().toISOString();
        expect(body).toEqual({ id: REQUEST.id });
        return { changed: true, message: '8.8.8.8 was added to the IP allow list.' };
      },
    });
    expect(await screen.findByText('shopper@example.com')).toBeTruthy();
    expect(screen.getByText('1 open')).toBeTruthy();
    // The rule that blocked the visit, in the visitor log's words, leads to its page.
    const rule = screen.getByRole('link', { name: 'Country Blocker (blacklist)' });
    expect(rule.getAttribute('href')).toBe('/regionBlocker');
    expect(rule.closest('p')?.textContent).toBe('Blocked by Country Blocker (blacklist)');
    await user.click(screen.getByRole('button', { name: '0ABCD-12345' }));
    expect(shown).toEqual(['0ABCD-12345']);
    await user.click(screen.getByRole('button', { name: 'Allow 8.8.8.8' }));
    await waitFor(() => expect(screen.getByText('Allowed')).toBeTruthy());
    expect(screen.queryByText('1 open')).toBeNull();
  });

  it('says when the rule is not known because the visit is not in the log', async () => {
    renderPage(<AccessRequestsCard onShowVisit={() => undefined} />, {
      '/api/accessRequests/list': () => ({ requests: [{ ...REQUEST, rule: null }], open: 1 }),
    });
    expect(await screen.findByText('shopper@example.com')).toBeTruthy();
    expect(
      screen.getByText(
        'The visit is not in the visitor log, so the rule that blocked it is not known.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/^Blocked by/)).toBeNull();
  });

  it('shows nothing while no shopper has asked', async () => {
    let asked = false;
    const { container } = renderPage(<AccessRequestsCard onShowVisit={() => undefined} />, {
      '/api/accessRequests/list': () => {
        asked = true;
        return { requests: [], open: 0 };
      },
    });
    await waitFor(() => expect(asked).toBe(true));
    expect(container.textContent).not.toContain('Access requests');
  });
});
