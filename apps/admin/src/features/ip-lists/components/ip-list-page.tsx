// /ipBlocker and /whiteLists: one page for both IP lists, told which by `list`.
// Add form, searchable keyset-paged table with bulk delete and inline edit, CSV import and
// export, and on a capped plan the "N of 20 entries" line and the Upgrade dialog at the cap.
// What the server says of the list as a whole (an entry too wide to be applied, entries that
// together cover a large share of the addresses) is a warning above it.
import { useEffect, useState } from 'react';
import { BlockStack, Card, Layout, Link, Page, Text } from '@shopify/polaris';
import { ipListExportPath, type IpListId } from '@gatehouse/contracts';
import { CsvImportModal } from '../../../components/csv-import/csv-import-modal.js';
import { useCsvPageActions } from '../../../components/csv-import/csv-page-actions.js';
import { EntryFilter } from '../../../components/entry-list/entry-filter.js';
import { ListNotices } from '../../../components/entry-list/list-notices.js';
import { useCommitIpListImport } from '../api/use-commit-ip-list-import.js';
import { useIpListPage } from '../api/use-ip-list-page.js';
import { usePreviewIpListImport } from '../api/use-preview-ip-list-import.js';
import { listTexts } from '../list-config.js';
import { capReached, capText } from '../list-rules.js';
import { AddEntryForm } from './add-entry-form.js';
import { EntriesTable } from './entries-table.js';
import { ListUpgradeDialog, type UpgradeReason } from './list-upgrade-dialog.js';

const PAGE_SIZE = 50;
const SEARCH_DELAY_MS = 300;

export function IpListPage({ list }: { list: IpListId }) {
  const texts = listTexts[list];
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  // Cursors of the pages walked so far; the last one is the page shown (undefined = first).
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const [importOpen, setImportOpen] = useState(false);
  const [upgrade, setUpgrade] = useState<UpgradeReason | null>(null);
  const importCalls = {
    preview: usePreviewIpListImport(list),
    commit: useCommitIpListImport(list),
  };
  const secondaryActions = useCsvPageActions({
    exportPath: ipListExportPath(list),
    exportName: list,
    onImport: () => setImportOpen(true),
    onUpgrade: () => setUpgrade('export'),
  });

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch(searchText.trim());
      setCursors([undefined]);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  const cursor = cursors[cursors.length - 1];
  const page = useIpListPage(list, {
    search,
    limit: PAGE_SIZE,
    ...(cursor === undefined ? {} : { cursor }),
  });
  const { entries, nextCursor, total, matching, limit, notices } = page.data;

  return (
    <Page
      title={texts.title}
      // The subtitle's line is there from the start, so the page does not move when the count
      // arrives.
      subtitle={page.isSettled ? capText(total, limit) : '\u00a0'}
      secondaryActions={secondaryActions}
    >
      <Layout>
        {notices.length > 0 && (
          <Layout.Section>
            <ListNotices notices={notices} />
          </Layout.Section>
        )}
        <Layout.Section>
          <Card>
            <BlockStack gap="400">
              <BlockStack gap="100">
                <Text as="p">{texts.intro}</Text>
                <Text as="p" tone="subdued">
                  {texts.other.text} <Link url={texts.other.url}>{texts.other.link}</Link>.
                </Text>
              </BlockStack>
              <AddEntryForm
                list={list}
                capReached={capReached(total, limit)}
                onCapHit={() => setUpgrade('cap')}
              />
            </BlockStack>
          </Card>
        </Layout.Section>
        <Layout.Section>
          <Card padding="0">
            <EntryFilter
              label="Search"
              placeholder="Search by address or note"
              value={searchText}
              onChange={setSearchText}
            />
            <EntriesTable
              list={list}
              entries={entries}
              loading={page.isFetching}
              search={search}
              matching={matching}
              pages={{
                hasNext: nextCursor !== null,
                hasPrevious: cursors.length > 1,
                onNext: () => {
                  if (nextCursor !== null) setCursors((all) => [...all, nextCursor]);
                },
                onPrevious: () => setCursors((all) => (all.length > 1 ? all.slice(0, -1) : all)),
              }}
            />
          </Card>
        </Layout.Section>
      </Layout>
      <CsvImportModal
        title={`Import a CSV file into the ${texts.noun}`}
        format="One entry per line: the address or CIDR range, then optionally a note and an expiry date, separated by commas. A header line (ip,note,expires_at) is allowed."
        calls={importCalls}
        open={importOpen}
        onClose={() => setImportOpen(false)}
        onForbidden={() => setUpgrade('cap')}
      />
      <ListUpgradeDialog reason={upgrade} limit={limit} onClose={() => setUpgrade(null)} />
    </Page>
  );
}

export function IpBlockerPage() {
  return <IpListPage key="ipBlocker" list="ipBlocker" />;
}

export function WhiteListsPage() {
  return <IpListPage key="whiteLists" list="whiteLists" />;
}
