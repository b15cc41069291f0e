// /blockLists, "Block Lists (Legacy)": the combined list of earlier versions (IP addresses and
// ranges, countries, emails, each with a note), still enforced: addresses and countries on the
// storefront, emails at checkout. The page adds and deletes entries, and moves them all into
// their new blockers with one click, with a preview, the result, undo and confirm.
import { useState } from 'react';
import { BlockStack, Card, Layout, Page, Select, Text } from '@shopify/polaris';
import { legacyKinds, type LegacyKind } from '@gatehouse/contracts';
import { EntryAddForm } from '../../../components/entry-list/entry-add-form.js';
import { showToast } from '../../../lib/toast-store.js';
import { useAddLegacyEntry } from '../api/use-legacy-entries.js';
import { kindFields, kindLabels } from '../legacy-texts.js';
import { LegacyEntriesTable } from './legacy-entries-table.js';
import { MigrationCard } from './migration-card.js';
import { pageTitles } from '../../../lib/pages.js';

export function LegacyBlockListsPage() {
  const [kind, setKind] = useState<LegacyKind>('ip');
  const addEntry = useAddLegacyEntry();

  return (
    <Page title={pageTitles.blockLists}>
      <Layout>
        <Layout.Section>
          <MigrationCard />
        </Layout.Section>
        <Layout.Section>
          <Card>
            <BlockStack gap="400">
              <Text as="p">
                The block list of earlier versions: its IP addresses and countries are blocked on
                your storefront, and its emails are refused at checkout. Each kind now has a blocker
                of its own with more options; move the entries there with one click.
              </Text>
              <Select
                label="Kind of entry"
                options={legacyKinds.map((k) => ({ label: kindLabels[k], value: k }))}
                value={kind}
                onChange={(value) => setKind(value as LegacyKind)}
              />
              <EntryAddForm
                key={kind}
                field={{ ...kindFields[kind], maxLength: 254 }}
                notePlaceholder="Why this entry is here"
                submit="Add"
                adding={addEntry.isPending}
                cost={(value) =>
                  kind === 'email'
                    ? null
                    : { call: 'addLegacyBlockList', draft: { kind, value, note: '' } }
                }
                onAdd={async (value, note) => {
                  const outcome = await addEntry.call({ kind, value: value.trim(), note });
                  if (!outcome.result) {
                    return outcome.status === 400 ? { error: outcome.message } : 'kept';
                  }
                  showToast(`Added ${outcome.data.value}`);
                  return 'added';
                }}
              />
            </BlockStack>
          </Card>
        </Layout.Section>
        <Layout.Section>
          <Card padding="0">
            <LegacyEntriesTable />
          </Card>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
