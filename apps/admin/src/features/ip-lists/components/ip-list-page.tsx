// /ipBlocker and /whiteLists: one page for both IP lists, told which by `list`.
// Add form, searchable keyset-paged table with bulk delete and inline edit, CSV import and
// export, and on a capped plan the "N of 20 entries" line and the Upgrade dialog at the cap.
import { useEffect, useState } from 'react';
import { BlockStack, Box, Card, Layout, Page, Text, TextField } from '@shopify/polaris';
import { ExportIcon, ImportIcon } from '@shopify/polaris-icons';
import type { IpListId } from '@gatehouse/contracts';
import { useIpListPage } from '../api/use-ip-list-page.js';
import { exportCsv } from '../export-csv.js';
import { listTexts } from '../list-config.js';
import { capReached, capText } from '../list-rules.js';
import { AddEntryForm } from './add-entry-form.js';
import { CsvImportModal } from './csv-import-modal.js';
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
  const [exporting, setExporting] = useState(false);
  const [upgrade, setUpgrade] = useState<UpgradeReason | null>(null);

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
  const { entries, nextCursor, total, limit } = page.data;

  const runExport = async () => {
    setExporting(true);
    const outcome = await exportCsv(list);
    setExporting(false);
    if (outcome === 'upgrade') setUpgrade('export');
  };

  return (
    <Page
      title={texts.title}
      subtitle={page.isSettled ? capText(total, limit) : undefined}
      secondaryActions={[
        { content: 'Import CSV', icon: ImportIcon, onAction: () => setImportOpen(true) },
        {
          content: 'Export CSV',
          icon: ExportIcon,
          loading: exporting,
          onAction: () => void runExport(),
        },
      ]}
    >
      <Layout>
        <Layout.Section>
          <Card>
            <BlockStack gap="400">
              <Text as="p">{texts.intro}</Text>
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
            <Box padding="300">
              <TextField
                label="Search"
                labelHidden
                placeholder="Search by address or note"
                value={searchText}
                onChange={setSearchText}
                clearButton
                onClearButtonClick={() => setSearchText('')}
                autoComplete="off"
                maxLength={100}
              />
            </Box>
            <EntriesTable
              list={list}
              entries={entries}
              loading={page.isFetching}
              searching={search !== ''}
              hasNext={nextCursor !== null}
              hasPrevious={cursors.length > 1}
              onNext={() => {
                if (nextCursor !== null) setCursors((all) => [...all, nextCursor]);
              }}
              onPrevious={() => setCursors((all) => (all.length > 1 ? all.slice(0, -1) : all))}
            />
          </Card>
        </Layout.Section>
      </Layout>
      <CsvImportModal
        list={list}
        open={importOpen}
        onClose={() => setImportOpen(false)}
        onCapHit={() => setUpgrade('cap')}
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
