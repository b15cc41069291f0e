// What a change being edited would have done to the shop's visits of the last 7 days, replayed
// by the server as the draft changes: a loading line while it replays, the headline and its
// details, a few of the visits it would block and a link to the visitor log filtered to them.
// Shared by every blocker page (inline under an add form, or as the page's own card).
import { BlockStack, Card, InlineStack, Link, Spinner, Text } from '@shopify/polaris';
import { relativeTime } from '../../lib/relative-time.js';
import { costText } from './cost-text.js';
import { useRuleCost, type CostDraft } from './use-rule-cost.js';

export function RuleCostSummary({ draft }: { draft: CostDraft | null }) {
  const { result, loading, error } = useRuleCost(draft);
  if (draft === null) return null;
  if (loading || (!result && !error)) {
    return (
      <InlineStack gap="200" blockAlign="center">
        <Spinner size="small" accessibilityLabel="Replaying visits" />
        <Text as="p" tone="subdued">
          Replaying your visits of the last 7 days…
        </Text>
      </InlineStack>
    );
  }
  if (!result) {
    return (
      <Text as="p" tone="subdued">
        {error}
      </Text>
    );
  }
  const { headline, details } = costText(result);
  const log = `/visitors?${new URLSearchParams(result.logFilters).toString()}`;
  return (
    <BlockStack gap="200">
      <Text as="p" fontWeight="semibold">
        <span data-testid="rule-cost">{headline}</span>
      </Text>
      {details.map((line) => (
        <Text as="p" tone="subdued" key={line}>
          {line}
        </Text>
      ))}
      {result.examples.length > 0 && (
        <BlockStack gap="100">
          {result.examples.map((e) => (
            <Text as="p" variant="bodySm" tone="subdued" key={`${e.time}${e.ip}${e.url}`}>
              {relativeTime(e.time)} · {e.ip}
              {e.country ? ` (${e.country})` : ''} · {pathOf(e.url)}
            </Text>
          ))}
          <Link url={log}>See these visits in the visitor log</Link>
        </BlockStack>
      )}
    </BlockStack>
  );
}

/** The path of a visited URL, or the text as it was stored. */
function pathOf(url: string): string {
  try {
    const u = new URL(url, 'https://store.invalid');
    return `${u.pathname}${u.search}`;
  } catch {
    return url;
  }
}

/** The summary as a card of its own on a settings page. */
export function RuleCostCard({ draft }: { draft: CostDraft | null }) {
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingSm">
          What this change would have done
        </Text>
        <RuleCostSummary draft={draft} />
      </BlockStack>
    </Card>
  );
}
