// The visits of one page in a Polaris IndexTable, newest first, with Previous/Next over the
// keyset cursors and the empty states (no visits yet, or none matching the filters).
import { useState } from 'react';
import {
  Banner,
  BlockStack,
  Box,
  Button,
  EmptySearchResult,
  IndexTable,
  Text,
  useBreakpoints,
} from '@shopify/polaris';
import { GEO_SOURCE_NAMES, PRODUCT_NAME, type VisitView } from '@gatehouse/contracts';
import type { QuickActionChoice } from '../quick-actions.js';
import { relativeTime } from '../../../lib/relative-time.js';
import { VisitRow } from './visit-row.js';

interface Props {
  visits: VisitView[];
  /** When the page was read: relative times count from it. */
  readAt: number;
  loading: boolean;
  /** An answer (or a failure) arrived: only then can "no visits" be said. */
  settled: boolean;
  filtered: boolean;
  hasNext: boolean;
  /** A URL search stopped early: the oldest visit it looked at (ISO). */
  searchedTo: string | null;
  /** The search is walking on through older visits by itself. */
  searching: boolean;
  hasPrevious: boolean;
  onNext: () => void;
  onPrevious: () => void;
  onClearFilters: () => void;
  onQuickAction: (choice: QuickActionChoice) => void;
}

function NoVisitsYet() {
  return (
    <BlockStack gap="200" inlineAlign="center">
      <Text as="h3" variant="headingMd">
        No visits yet
      </Text>
      <Text as="p" tone="subdued" alignment="center">
        Every storefront visit {PRODUCT_NAME} decides on appears here within a few seconds: who
        came, what was done and which rule decided.
      </Text>
      <Button url="/extensions">Check the app embed</Button>
    </BlockStack>
  );
}

export function VisitsTable({
  visits,
  readAt,
  loading,
  settled,
  filtered,
  hasNext,
  searchedTo,
  searching,
  hasPrevious,
  onNext,
  onPrevious,
  onClearFilters,
  onQuickAction,
}: Props) {
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const condensed = useBreakpoints().smDown;
  const now = readAt;
  // A URL search looks at a bounded number of visits per page; say how far back it got.
  const searchedNote = searchedTo && (
    <Box padding="300">
      <Banner tone="info">
        <p>
          Searched visits back to <time dateTime={searchedTo}>{relativeTime(searchedTo, now)}</time>
          {visits.length === 0 ? ' without a match so far' : ''}.{' '}
          {searching ? 'Searching older visits…' : 'Press Next to search older visits.'}
        </p>
      </Banner>
    </Box>
  );
  return (
    <>
      {searchedNote}
      <IndexTable
        resourceName={{ singular: 'visit', plural: 'visits' }}
        itemCount={visits.length}
        selectable={false}
        loading={loading}
        emptyState={
          !settled ? (
            <Box padding="400" minHeight="6rem" />
          ) : searchedTo ? (
            <Box padding="400" minHeight="6rem" />
          ) : filtered ? (
            <BlockStack gap="200" inlineAlign="center">
              <EmptySearchResult
                title="No visits match these filters"
                description="Try a wider time range or fewer filters."
                withIllustration
              />
              <Button onClick={onClearFilters}>Clear filters</Button>
            </BlockStack>
          ) : (
            <NoVisitsYet />
          )
        }
        headings={[
          { title: 'Time' },
          {
            title: 'Visitor',
            tooltipContent: `IP address, then country (from ${GEO_SOURCE_NAMES.country}, the country your rules use) and region and city (from ${GEO_SOURCE_NAMES.city}, shown only where it places the visitor in the same country).`,
            tooltipWidth: 'wide',
          },
          { title: 'Action and rule' },
          { title: 'Page and referrer' },
          { title: 'Network and device' },
          { title: 'Quick actions', hidden: true },
        ]}
        condensed={condensed}
        lastColumnSticky
        pagination={{ hasNext, hasPrevious, onNext, onPrevious }}
      >
        {visits.map((visit, index) => (
          <VisitRow
            key={visit.id}
            visit={visit}
            index={index}
            now={now}
            condensed={condensed}
            menuOpen={menuFor === visit.id}
            onMenu={(open) => setMenuFor(open ? visit.id : null)}
            onQuickAction={onQuickAction}
          />
        ))}
      </IndexTable>
    </>
  );
}
