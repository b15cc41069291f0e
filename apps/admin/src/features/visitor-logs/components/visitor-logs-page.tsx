// /visitors, Shop Visitor Logs: the filtered, keyset-paged table of visits with each decision and
// its rule, quick actions on a row, and CSV export of the filtered set.
import { useRef, useState } from 'react';
import { BlockStack, Box, Card, InlineError, Layout, Link, Page, Text } from '@shopify/polaris';
import { ExportIcon } from '@shopify/polaris-icons';
import { IP_LOOKUP_ATTRIBUTION, IP_LOOKUP_ATTRIBUTION_URL } from '@gatehouse/contracts';
import { UpgradeDialog } from '../../../components/upgrade-dialog.js';
import { countOf } from '../../../lib/format-count.js';
import { showToast } from '../../../lib/toast-store.js';
import {
  currentCursor,
  firstPage,
  hasPrevious,
  popCursor,
  pushCursor,
  replaceCursor,
  type CursorStack,
} from '../cursor-stack.js';
import type { ExportProgress } from '../export-progress.js';
import type { QuickActionChoice } from '../quick-actions.js';
import { useVisitPage, VISIT_PAGE_SIZE as PAGE_SIZE } from '../api/use-visit-page.js';
import { streamExport } from '../stream-export.js';
import { shouldSearchOn } from '../url-search.js';
import { useLogFilters } from '../use-log-filters.js';
import { filterErrors, hasAnyFilter, toSearchParams, toVisitQuery } from '../visit-filters.js';
import { AccessRequestsCard } from './access-requests-card.js';
import { ExportModal } from './export-modal.js';
import { LogFilters } from './log-filters.js';
import { QuickActionModal } from './quick-action-modal.js';
import { VisitsTable } from './visits-table.js';
import { pageTitles } from '../../../lib/pages.js';

export function VisitorLogsPage() {
  const { filters, filtersKey, anchor, setFilters } = useLogFilters();
  const query = toVisitQuery(filters, anchor);
  const errors = filterErrors(query);
  const valid = Object.keys(errors).length === 0;
  const params = toSearchParams(query);

  // The pages walked belong to one set of filters; new filters start again at the first page.
  // `searched`: empty URL-search pages walked by themselves since the merchant last asked, and
  // how far back the last of them looked (shown while the next one loads).
  const [paging, setPaging] = useState<{
    key: string;
    stack: CursorStack;
    searched: number;
    searchedTo?: string | null;
  }>({ key: filtersKey, stack: firstPage, searched: 0 });
  const current = paging.key === filtersKey;
  const stack = current ? paging.stack : firstPage;
  const searched = current ? paging.searched : 0;
  const walk = (next: CursorStack) => setPaging({ key: filtersKey, stack: next, searched: 0 });
  const cursor = currentCursor(stack);

  const page = useVisitPage(
    { ...params, limit: PAGE_SIZE, ...(cursor === null ? {} : { cursor }) },
    valid,
  );
  const { visits, nextCursor, searchedTo } = page.data;
  // Only an answer for the page shown (not the placeholder while it loads) may walk on.
  const answered = valid && page.isSettled && !page.isFetching;
  const searchOn = answered && shouldSearchOn(page.data, searched);
  // An empty URL-search page walks on by itself as soon as its answer is in.
  if (searchOn) {
    setPaging({
      key: filtersKey,
      stack: replaceCursor(stack, nextCursor),
      searched: searched + 1,
      searchedTo,
    });
  }
  const walkingOn = searched > 0 && page.isFetching;

  const [quick, setQuick] = useState<QuickActionChoice | null>(null);
  const [upgradeOpen, setUpgradeOpen] = useState(false);
  const [exportProgress, setExportProgress] = useState<ExportProgress | null>(null);
  const [exporting, setExporting] = useState(false);
  const abort = useRef<AbortController | null>(null);

  const runExport = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setExportProgress(null);
    setExporting(true);
    const outcome = await streamExport(params, setExportProgress, controller.signal);
    setExporting(false);
    abort.current = null;
    if (outcome.kind === 'upgrade') setUpgradeOpen(true);
    if (outcome.kind === 'cancelled') showToast('Export cancelled');
    if (outcome.kind === 'downloaded') {
      showToast(`Exported ${countOf(outcome.rows, 'visit', 'visits')}`);
    }
  };

  const firstError = Object.values(errors)[0];
  return (
    <Page
      title={pageTitles.visitors}
      subtitle="Every storefront visit, what was done and which rule decided."
      fullWidth
      secondaryActions={[
        {
          content: 'Export CSV',
          icon: ExportIcon,
          loading: exporting,
          disabled: !valid,
          helpText: 'Downloads every visit matching the filters.',
          onAction: () => void runExport(),
        },
      ]}
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <AccessRequestsCard onShowVisit={(reference) => setFilters({ ref: reference })} />
            <Card padding="0">
              <LogFilters
                filters={filters}
                errors={errors}
                loading={page.isFetching}
                onChange={setFilters}
              />
              {firstError && (
                <Box paddingInline="300" paddingBlockEnd="300">
                  <InlineError message={firstError} fieldID="visit-filters" />
                </Box>
              )}
              <VisitsTable
                visits={valid ? visits : []}
                readAt={page.readAt}
                loading={valid && page.isFetching}
                settled={!valid || page.isSettled}
                filtered={hasAnyFilter(filters)}
                hasNext={nextCursor !== null}
                searchedTo={
                  valid ? (searchedTo ?? (walkingOn ? (paging.searchedTo ?? null) : null)) : null
                }
                searching={searchOn || walkingOn}
                hasPrevious={hasPrevious(stack)}
                onNext={() => walk(pushCursor(stack, nextCursor))}
                onPrevious={() => walk(popCursor(stack))}
                onClearFilters={() => setFilters({})}
                onQuickAction={setQuick}
              />
            </Card>
          </BlockStack>
        </Layout.Section>
        <Layout.Section>
          <BlockStack inlineAlign="end">
            <Text as="p" variant="bodySm" tone="subdued">
              <Link url={IP_LOOKUP_ATTRIBUTION_URL} target="_blank">
                {IP_LOOKUP_ATTRIBUTION}
              </Link>
            </Text>
          </BlockStack>
        </Layout.Section>
      </Layout>
      <QuickActionModal choice={quick} onClose={() => setQuick(null)} />
      <ExportModal
        open={exporting}
        progress={exportProgress}
        onCancel={() => abort.current?.abort()}
      />
      <UpgradeDialog
        open={upgradeOpen}
        onClose={() => setUpgradeOpen(false)}
        title="Upgrade plan"
        status="info"
        messageTitle="CSV export needs a Premium or Pay-As-You-Go subscription"
      >
        <p>Upgrade your plan to download your visitor logs as CSV files.</p>
      </UpgradeDialog>
    </Page>
  );
}
