import type { LegacyMoveItem } from '@gatehouse/contracts';
import { describe, expect, it } from 'vitest';
import { movedSummary, outcomeCounts, outcomeText } from './legacy-texts.js';

const item = (outcome: LegacyMoveItem['outcome']): LegacyMoveItem => ({
  kind: 'ip',
  value: '203.0.113.7',
  note: '',
  outcome,
  target: outcome === 'stay' ? null : 'IP Blocker (block list)',
  page: outcome === 'stay' ? null : '/ipBlocker',
  reason: outcome === 'stay' ? 'No blocker takes it.' : null,
});

describe('the migration texts', () => {
  it('say where each entry goes, before and after', () => {
    expect(outcomeText(item('move'), 'will')).toBe('Moves to IP Blocker (block list)');
    expect(outcomeText(item('move'), 'did')).toBe('Moved to IP Blocker (block list)');
    expect(outcomeText(item('present'), 'will')).toBe(
      'Already in IP Blocker (block list): removed here',
    );
    expect(outcomeText(item('stay'), 'did')).toBe('No blocker takes it.');
  });

  it('sum up only what happened', () => {
    expect(movedSummary(outcomeCounts([item('move')]))).toBe(
      '1 entry moved to their new blockers.',
    );
    expect(
      movedSummary(outcomeCounts([item('move'), item('move'), item('present'), item('stay')])),
    ).toBe(
      '2 entries moved to their new blockers; 1 entry was already there and left this list; 1 entry stayed here.',
    );
  });
});
