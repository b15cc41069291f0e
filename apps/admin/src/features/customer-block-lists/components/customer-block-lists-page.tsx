// /checkoutValidate: buyers the merchant does not sell to, stopped at checkout before the order
// exists by the app's checkout rule (a cart and checkout validation function). The page shows
// whether the store's checkout has the latest list, the message buyers see, the add form, the
// entries (edited and removed at once), CSV import and export, and what is kept about buyers.
// A paid feature: on Free the page explains it and leads to the subscription page, and says
// what is kept from a paid plan (not enforced) with a way to remove it.
import { useState } from 'react';
import { BlockStack, Card, Layout, Page, Text } from '@shopify/polaris';
import { customerBlockListsExportPath } from '@gatehouse/contracts';
import { DataKeptCard } from '../../../components/data-kept-card.js';
import { CsvImportModal } from '../../../components/csv-import/csv-import-modal.js';
import { useCsvPageActions } from '../../../components/csv-import/csv-page-actions.js';
import { PaidListPage } from '../../../components/entry-list/list-blocker-page.js';
import { PlanUpgradeCard } from '../../../components/entry-list/plan-upgrade-card.js';
import {
  useCommitCustomerBlockImport,
  useCustomerBlockLists,
  usePreviewCustomerBlockImport,
} from '../api/customer-block-lists-api.js';
import { AddEntriesForm } from './add-entries-form.js';
import { EntriesTable } from './entries-table.js';
import { KeptEntriesCard } from './kept-entries-card.js';
import { MessageCard } from './message-card.js';
import { SyncStatusCard } from './sync-status-card.js';
import { pageTitles } from '../../../lib/pages.js';

const TITLE = pageTitles.checkoutValidate;

export function CustomerBlockListsPage() {
  return (
    <PaidListPage
      title={TITLE}
      upgradeCard={
        <BlockStack gap="400">
          <PlanUpgradeCard
            title="Customer Block Lists are part of Premium and Pay-As-You-Go"
            intro="Stop known bad buyers at checkout, before they can pay:"
            items={[
              'emails and whole email domains;',
              'phone numbers, names, street addresses and zip codes;',
              'delivery countries.',
            ]}
          />
          <KeptEntriesCard />
        </BlockStack>
      }
      editor={(onUpgrade) => <CustomerBlockListsEditor onUpgrade={onUpgrade} />}
    />
  );
}

function CustomerBlockListsEditor({ onUpgrade }: { onUpgrade: () => void }) {
  const lists = useCustomerBlockLists();
  const importCalls = {
    preview: usePreviewCustomerBlockImport(),
    commit: useCommitCustomerBlockImport(),
  };
  const [importOpen, setImportOpen] = useState(false);
  const secondaryActions = useCsvPageActions({
    exportPath: customerBlockListsExportPath,
    exportName: 'customer-block-lists',
    onImport: () => setImportOpen(true),
    onUpgrade,
  });
  const { entries, limit, message, sync } = lists.data;

  return (
    <Page title={TITLE} secondaryActions={secondaryActions}>
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <SyncStatusCard sync={sync} readAt={lists.readAt} />
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  Block a buyer
                </Text>
                <Text as="p">
                  A buyer whose email, phone, name, delivery address, zip code or country is on the
                  list cannot complete checkout and sees your message instead. Nothing is charged
                  and no order is created.
                </Text>
                <AddEntriesForm onUpgrade={onUpgrade} />
              </BlockStack>
            </Card>
            <Card padding="0">
              <BlockStack gap="200">
                <div style={{ padding: 'var(--p-space-400) var(--p-space-400) 0' }}>
                  <Text as="h2" variant="headingMd">
                    Blocked buyers ({entries.length.toLocaleString('en')} of{' '}
                    {limit.toLocaleString('en')})
                  </Text>
                </div>
                <div style={{ padding: '0 var(--p-space-400)' }}>
                  <EntriesTable
                    entries={entries}
                    readAt={lists.readAt}
                    loading={lists.isFetching && !lists.isSettled}
                    onUpgrade={onUpgrade}
                  />
                </div>
              </BlockStack>
            </Card>
            <MessageCard message={message} onUpgrade={onUpgrade} />
            <DataKeptCard
              title="What is kept about buyers"
              paragraphs={[
                'Each entry is kept as it was entered (by you, a CSV import, the move from Block Lists (Legacy) or an auto-cancel filter that adds an order’s email), with its note and the date it was added, until you remove it. When Shopify asks Gatehouse for a customer’s data, the entries with that customer’s email or phone number are included. When it asks Gatehouse to erase a customer’s data, your entries stay, since they are your own rules: remove them here if you no longer want them.',
              ]}
            />
          </BlockStack>
        </Layout.Section>
      </Layout>
      <CsvImportModal
        title="Import a CSV file into Customer Block Lists"
        format="One entry per line: its kind (email, emailDomain, phone, name, address, zip or country), its value, then optionally a note, separated by commas. A header line (kind,value,note) is allowed."
        calls={importCalls}
        open={importOpen}
        onClose={() => setImportOpen(false)}
        onForbidden={onUpgrade}
      />
    </Page>
  );
}
