// /referrerBlocker: the list of blocked referrer domains (added and removed at once, imported
// from and exported to CSV) and the action and monitor mode of the whole list, saved with the
// contextual save bar. A paid feature: on Free the page explains it and leads to the
// subscription page.
import { useState } from 'react';
import { Badge } from '@shopify/polaris';
import { referrerBlockerExportPath } from '@gatehouse/contracts';
import { CsvImportModal } from '../../../components/csv-import/csv-import-modal.js';
import { useCsvPageActions } from '../../../components/csv-import/csv-page-actions.js';
import { BlockedEntriesTable } from '../../../components/entry-list/blocked-entries-table.js';
import {
  ListBlockerEditor,
  PaidListPage,
} from '../../../components/entry-list/list-blocker-page.js';
import { PlanUpgradeCard } from '../../../components/entry-list/plan-upgrade-card.js';
import { useCommitReferrerImport } from '../api/use-commit-referrer-import.js';
import { useDeleteReferrerEntries } from '../api/use-delete-referrer-entries.js';
import { usePreviewReferrerImport } from '../api/use-preview-referrer-import.js';
import { useReferrerBlocker } from '../api/use-referrer-blocker.js';
import { useSaveReferrerBlocker } from '../api/use-save-referrer-blocker.js';
import { filterEntries } from '../referrer-blocker-form.js';
import { AddReferrerEntriesForm } from './add-referrer-entries-form.js';

const TITLE = 'Referrer Blocker';

export function ReferrerBlockerPage() {
  return (
    <PaidListPage
      title={TITLE}
      upgradeCard={
        <PlanUpgradeCard
          title="The Referrer Blocker is part of Premium and Pay-As-You-Go"
          intro="Block visitors by the site that sent them to your store:"
          items={[
            'a domain, like spam.example, blocks visits from that site;',
            'a wildcard, like *.spam.example, blocks visits from all of its subdomains.',
          ]}
        />
      }
      editor={(onUpgrade) => <ReferrerBlockerEditor onUpgrade={onUpgrade} />}
    />
  );
}

function ReferrerBlockerEditor({ onUpgrade }: { onUpgrade: () => void }) {
  const blocker = useReferrerBlocker();
  const save = useSaveReferrerBlocker();
  const deleteEntries = useDeleteReferrerEntries();
  const importCalls = { preview: usePreviewReferrerImport(), commit: useCommitReferrerImport() };
  const [importOpen, setImportOpen] = useState(false);
  const secondaryActions = useCsvPageActions({
    exportPath: referrerBlockerExportPath,
    exportName: 'referrer-blocker',
    onImport: () => setImportOpen(true),
    onUpgrade,
  });

  return (
    <ListBlockerEditor
      title={TITLE}
      unit="domains"
      intro="Block visitors by the site that sent them to your store: spam and fake-traffic sites, or pages that link to you and should not. The referrer is the address the visitor’s browser reports; visitors who arrive directly are never matched. Addresses on your allow list still get in; the IP, Country and ISP/ASN Blockers are checked first."
      blocker={blocker}
      save={save}
      saveCall="saveReferrerBlocker"
      savedMessage="Referrer Blocker saved"
      addForm={<AddReferrerEntriesForm onUpgrade={onUpgrade} />}
      ruleTitle="When a visitor comes from a blocked site"
      secondaryActions={secondaryActions}
      table={(entries, readAt, loading) => (
        <BlockedEntriesTable
          entries={entries}
          readAt={readAt}
          loading={loading}
          texts={{
            filterPlaceholder: 'Filter by domain or note',
            filterHint: 'Try another domain or note.',
            emptyTitle: 'No referrer domains blocked yet',
            emptyDescription: 'Add the domain of a site whose visitors you do not want above.',
            valueHeading: 'Domain',
            removeBody: (count) =>
              `Visitors sent by ${count === 1 ? 'this site' : 'these sites'} can reach your store again at once, unless another rule blocks them.`,
          }}
          label={(entry) => entry.domain}
          matches={(entry) =>
            entry.domain.startsWith('*.') ? (
              <Badge tone="info">Subdomains</Badge>
            ) : (
              <Badge>This site only</Badge>
            )
          }
          filter={filterEntries}
          deleteEntries={deleteEntries}
          deleteMatching={deleteEntries}
        />
      )}
    >
      <CsvImportModal
        title="Import a CSV file into the Referrer Blocker"
        format="One domain per line, like spam.example or *.spam.example, then optionally a note, separated by a comma. A header line (domain,note) is allowed."
        calls={importCalls}
        open={importOpen}
        onClose={() => setImportOpen(false)}
        onForbidden={onUpgrade}
      />
    </ListBlockerEditor>
  );
}
