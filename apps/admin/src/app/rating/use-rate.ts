// What clicking a star does, wherever the stars are: five stars open the marketplace review, one to
// four our feedback page, both in a new window, and the prompt is snoozed for 24 hours.
import { useCallback } from 'react';
import { useAppState } from '../../lib/app-state.js';
import { writeRatingSnoozeUntil } from '../../lib/local-flags.js';
import { ratingDestination, snoozeUntilAfter } from './rating-rules.js';

export function useRate(onDone?: () => void): (stars: number) => void {
  const { account } = useAppState();
  const shopId = account?.shopId ?? '';
  return useCallback(
    (stars: number) => {
      window.open(ratingDestination(stars, shopId), '_blank', 'noopener');
      writeRatingSnoozeUntil(snoozeUntilAfter('rated', Date.now()));
      onDone?.();
    },
    [shopId, onDone],
  );
}
