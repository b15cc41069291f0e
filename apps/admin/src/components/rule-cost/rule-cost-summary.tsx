// What a change being edited would have done to the shop's visits of the last 7 days, replayed
// by the server as the draft changes: a loading line while it replays, the headline and its
// details, a few of the visits it would block and a link to the visitor log filtered to them.
// Shared by every blocker page (inline under an add form, or as the page's own card).
import { BlockStack, Card, InlineStack, Link, Spinner, Text } from '@shopify/polaris';
import type { RuleCostResult } from '@gatehouse/contracts';
import { relativeTime } from '../../lib/relative-time.js';
import { costText } from './cost-text.js';
import { useRuleCost, type CostDraft } from './use-rule-cost.js';

export function RuleCostSummary({ draft }: { draft: CostDraft | null }) {
  const { result, loading, error } = useRuleCost(draft);
  if (draft === null) return null;
  const waiting = loading || (!result && !error);
  const shown = waiting ? null : result;
  const cost = shown ? costText(shown) : null;
  // The first line is one paragraph from the first paint on: the waiting line, then the
  // headline (or the refusal) in the same element, so the page's largest text is painted at
  // once and nothing moves when the replay answers (the spinner comes after the text).
  return (
    <BlockStack gap="200">
      <InlineStack gap="200" blockAlign="center" wrap={false}>
        <Text as="p" tone={cost ? undefined : 'subdued'} fontWeight={cost ? 'semibold' : undefined}>
          <span data-testid={cost ? 'rule-cost' : undefined}>
            {waiting ? 'Replaying your visits of the last 7 days…' : (cost?.headline ?? error)}
          </span>
        </Text>
        {waiting && <Spinner size="small" accessibilityLabel="Replaying visits" />}
      </InlineStack>
      {shown && cost && <CostDetails result={shown} details={cost.details} />}
    </BlockStack>
  );
}

/** The headline's details, a few of the visits it would block and the link to them. */
function CostDetails({ result, details }: { result: RuleCostResult; details: string[] }) {
  const log = `/visitors?${new URLSearchParams(result.logFilters).toString()}`;
  return (
    <>
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
    </>
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
