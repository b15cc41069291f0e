// The dry run: the draft's conditions over the shop's recent orders, read from the platform a
// page at a time while a progress bar moves; then the orders it would have caught, each with
// every condition that made it match, what the filter would have done there among the shop's filters
// (acted, logged in monitor mode, or left to a filter tried before it), and the honest count of
// orders read. Nothing is changed. A draft the server refuses is handed to the editor, which
// shows each problem under its input.
import {
  Badge,
  Banner,
  BlockStack,
  Button,
  Card,
  InlineStack,
  Link,
  ProgressBar,
  Text,
} from '@shopify/polaris';
import {
  joinReasons,
  type AutoCancelDryRun,
  type AutoCancelMode,
  type ErrorIssue,
  type FilterMatchInput,
} from '@gatehouse/contracts';
import { useState } from 'react';
import { useDryRun, useStartDryRun } from '../api/use-auto-cancel.js';
import { dryRunProgress, dryRunReading, dryRunSummary } from '../dry-run-words.js';
import './auto-cancel.css';

function Results({ run }: { run: AutoCancelDryRun }) {
  if (run.results.length === 0) return null;
  return (
    <ul className="gh-dry-run-results" aria-label="Orders the filter would catch">
      {run.results.map((r) => (
        <li key={r.orderId}>
          <InlineStack gap="200" blockAlign="center" wrap>
            <Link url={r.orderUrl} target="_blank">
              {r.orderName}
            </Link>
            <Text as="span" tone="subdued">
              {new Date(r.createdAt).toLocaleDateString('en-US')}
            </Text>
            <Text as="span">
              {`${r.total.toLocaleString('en-US', { minimumFractionDigits: 2 })} ${r.currency}`}
            </Text>
            {r.verdict === 'already-cancelled' && <Badge>Already cancelled</Badge>}
            {r.verdict === 'would-log' && <Badge tone="info">Monitor mode: logged only</Badge>}
            {r.verdict === 'caught-first' && (
              <Badge tone="attention">{`Caught first by ${r.caughtFirstBy ?? 'another filter'}`}</Badge>
            )}
          </InlineStack>
          <Text as="p" tone="subdued" breakWord>
            {`Caught by: ${r.matchedBy && r.matchedBy.length > 0 ? joinReasons(r.matchedBy) : r.decidedBy.text}`}
          </Text>
        </li>
      ))}
    </ul>
  );
}

export function DryRunCard({
  match,
  filterId,
  mode,
  invalid,
  days,
  onInvalid,
  onRefused,
}: {
  match: FilterMatchInput;
  /** The saved filter the draft is of (null: a new one), and its mode: where the run tries it. */
  filterId: string | null;
  mode: AutoCancelMode;
  /** The draft has errors: the dry run shows them instead of starting. */
  invalid: boolean;
  days: number;
  onInvalid: () => void;
  /** The server refused the draft: its sentence, and each problem with its path. */
  onRefused: (message: string, issues: readonly ErrorIssue[] | undefined) => void;
}) {
  const start = useStartDryRun();
  const [runId, setRunId] = useState<string | null>(null);
  const [ranOn, setRanOn] = useState('');
  const status = useDryRun(runId);
  const run = status.data && status.data.id === runId ? status.data : null;
  const matchKey = JSON.stringify(match);
  const finished = run !== null && (run.done || run.state === 'failed');
  const running = start.isPending || (runId !== null && !finished);

  const begin = async () => {
    if (invalid) {
      onInvalid();
      return;
    }
    const outcome = await start.call({ match, filterId, mode });
    if (!outcome.result) {
      if (outcome.status === 400) onRefused(outcome.message, outcome.error?.issues);
      return;
    }
    setRanOn(matchKey);
    setRunId(outcome.data.id);
  };

  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            Dry run
          </Text>
          <Button onClick={() => void begin()} loading={start.isPending} disabled={running}>
            Dry run
          </Button>
        </InlineStack>
        <Text as="p" tone="subdued">
          {`See which of your orders of the last ${days} days these conditions would have caught, before you save. Nothing is cancelled or changed.`}
        </Text>
        {runId !== null && !finished && (
          <BlockStack gap="100">
            <ProgressBar progress={run ? dryRunProgress(run) : 0} size="small" />
            <Text as="p" tone="subdued">
              {run ? dryRunReading(run) : 'Starting…'}
            </Text>
          </BlockStack>
        )}
        {run?.state === 'failed' && (
          <Banner tone="critical" title="The dry run stopped">
            <p>{`${run.error ?? 'Reading the orders failed.'} Run it again; if it keeps failing, try again in a few minutes.`}</p>
          </Banner>
        )}
        {run?.done && (
          <BlockStack gap="200">
            <Text as="p" fontWeight="semibold">
              {dryRunSummary(run)}
            </Text>
            {ranOn !== matchKey && (
              <Banner tone="info">
                <p>
                  The conditions changed since this dry run. Run it again to see what they catch
                  now.
                </p>
              </Banner>
            )}
            <Results run={run} />
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}
