// The rating popup: asked for 2 s after the account is known unless snoozed, on routes that allow
// rating. Its stars light one by one (2000 ms + 100 ms per star) and glow at 3000 ms. "Not this
// time" snoozes it for 10 hours.
import { useEffect, useRef, useState } from 'react';
import { BlockStack, InlineStack, Modal, Text } from '@shopify/polaris';
import { PRODUCT_NAME } from '@gatehouse/contracts';
import { useAppState } from '../../lib/app-state.js';
import { RATING_CHECK_DELAY_MS } from '../../lib/constants.js';
import { readRatingSnoozeUntil, writeRatingSnoozeUntil } from '../../lib/local-flags.js';
import { useAskShowRating } from '../api/use-ask-show-rating.js';
import { inRouteGroup } from '../route-groups.js';
import { ratingCheckAllowed, snoozeUntilAfter, starFrameAt, starSchedule } from './rating-rules.js';
import { RatingStars } from './rating-stars.js';
import { useRate } from './use-rate.js';

/** Asks the server once per account, 2 s after its id is known, unless snoozed. */
function useRatingCheck(accountId: string | undefined): [boolean, () => void] {
  const [show, setShow] = useState(false);
  const askedFor = useRef<string | null>(null);
  const { call: askShowRating } = useAskShowRating();

  useEffect(() => {
    if (!accountId || askedFor.current === accountId) return;
    const timer = window.setTimeout(() => {
      askedFor.current = accountId;
      if (!ratingCheckAllowed(readRatingSnoozeUntil(), Date.now())) return;
      void askShowRating({}).then((outcome) => {
        if (outcome.result && outcome.data) setShow(true);
      });
    }, RATING_CHECK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [accountId, askShowRating]);

  return [show, () => setShow(false)];
}

/** The stars' animation frame, from the moment `running` turned true. */
function useStarAnimation(running: boolean) {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    if (!running) return;
    const timers = starSchedule().map((at) => window.setTimeout(() => setElapsed(at), at));
    return () => {
      timers.forEach((timer) => window.clearTimeout(timer));
      // The next run starts from the first frame again.
      setElapsed(0);
    };
  }, [running]);
  return starFrameAt(running ? elapsed : 0);
}

export function RatingPopup({ path }: { path: string }) {
  const { account } = useAppState();
  const [wanted, close] = useRatingCheck(account?.id);
  const open = wanted && !inRouteGroup('noRating', path);
  const frame = useStarAnimation(open);
  const rate = useRate(close);

  const notThisTime = () => {
    writeRatingSnoozeUntil(snoozeUntilAfter('notThisTime', Date.now()));
    close();
  };

  return (
    <Modal
      open={open}
      onClose={notThisTime}
      title="Rate Us"
      size="small"
      secondaryActions={[{ content: 'Not this time', onAction: notThisTime }]}
    >
      <Modal.Section>
        <BlockStack gap="400" inlineAlign="center">
          <Text as="p" variant="headingMd" alignment="center">
            Please take a moment to review your {PRODUCT_NAME} experience
          </Text>
          <InlineStack align="center">
            <RatingStars lit={frame.lit} glowing={frame.glowing} size={36} onRate={rate} />
          </InlineStack>
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
