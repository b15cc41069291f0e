import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RuleCostResult } from '@gatehouse/contracts';
import { renderPage } from '../../test/render-page.js';
import { RuleCostCard } from './rule-cost-summary.js';

const REPLAYED: RuleCostResult = {
  from: '2026-11-21T00:00:00.000Z',
  to: '2026-11-28T00:00:00.000Z',
  replayed: 40,
  bounded: null,
  blocked: { visits: 12, visitors: 3 },
  released: { visits: 0, visitors: 0 },
  total: { visits: 12, visitors: 3 },
  monitored: { visits: 0, visitors: 0 },
  examples: [],
  logFilters: { range: '7d' },
  confirm: [],
};

describe('the rule-cost card', () => {
  it('paints its first line at once and puts the headline into that same paragraph', async () => {
    let answer: (result: RuleCostResult) => void = () => undefined;
    const replay = new Promise<RuleCostResult>((resolve) => (answer = resolve));
    renderPage(
      <RuleCostCard draft={{ call: 'saveCountryBlocker', draft: { countries: ['DE'] } }} />,
      { '/api/ruleCost/replay': () => replay },
    );

    // Before the replay answers, the card's first line is a paragraph saying it replays.
    const waiting = await screen.findByText('Replaying your visits of the last 7 days…');
    const paragraph = waiting.closest('p');
    expect(paragraph).not.toBeNull();

    answer(REPLAYED);
    const headline = await screen.findByTestId('rule-cost');
    // The headline is written into the paragraph that was painted first, not a new one below.
    expect(headline.closest('p')).toBe(paragraph);
    await waitFor(() =>
      expect(screen.queryByText('Replaying your visits of the last 7 days…')).toBeNull(),
    );
    expect(paragraph?.textContent).toBe(headline.textContent);
  });
});
