import { compileMatch, type CompiledMatch } from '@gatehouse/engine';
import { describe, expect, it } from 'vitest';
import { draftVerdict, placeDraft } from './dry-run-verdict.js';

const emailHas = (value: string): CompiledMatch => {
  const result = compileMatch({
    any: false,
    groups: [{ any: false, conditions: [{ field: 'email', operator: 'contains', value }] }],
  });
  if (!result.ok) throw new Error(result.problems.join(' '));
  return result.match;
};

const WATCH_ID = '00000000-0000-4000-8000-000000000001';
const RISKY_ID = '00000000-0000-4000-8000-000000000002';
/** Watch list (monitor) dragged above Risky (on), as the shop keeps them. */
const shopFilters = [
  { row: { id: WATCH_ID, name: 'Watch list', mode: 'monitor' }, compiled: emailHas('watch') },
  { row: { id: RISKY_ID, name: 'Risky', mode: 'on' }, compiled: emailHas('mailinator') },
];
const order = { email: 'watch@mailinator.com' };

describe('a dry run says what the draft would do where it stands', () => {
  it('a monitor draft above a filter that is on logs only; the filter that is on acts', () => {
    const watch = placeDraft(shopFilters, {
      filterId: WATCH_ID,
      mode: 'monitor',
      compiled: emailHas('watch'),
    });
    expect(draftVerdict(watch, order, false)).toEqual({ verdict: 'would-log' });
    const risky = placeDraft(shopFilters, {
      filterId: RISKY_ID,
      mode: 'on',
      compiled: emailHas('mailinator'),
    });
    expect(draftVerdict(risky, order, false)).toEqual({ verdict: 'would-act' });
  });

  it('a new draft is tried last: a filter that is on and catches the order first takes it', () => {
    const fresh = placeDraft(shopFilters, {
      filterId: null,
      mode: 'on',
      compiled: emailHas('watch'),
    });
    expect(fresh).toHaveLength(3);
    expect(draftVerdict(fresh, order, false)).toEqual({
      verdict: 'caught-first',
      caughtFirstBy: 'Risky',
    });
    // Turned on in Watch list's place, above Risky, it acts.
    const watchOn = placeDraft(shopFilters, {
      filterId: WATCH_ID,
      mode: 'on',
      compiled: emailHas('watch'),
    });
    expect(draftVerdict(watchOn, order, false)).toEqual({ verdict: 'would-act' });
  });

  it('reports a cancelled order as already cancelled', () => {
    const risky = placeDraft(shopFilters, {
      filterId: RISKY_ID,
      mode: 'on',
      compiled: emailHas('mailinator'),
    });
    expect(draftVerdict(risky, order, true)).toEqual({ verdict: 'already-cancelled' });
  });
});
