// /asnBlocker: the list of blocked ASNs and ISP names (added and removed at once) and the
// action and monitor mode of the whole list, saved with the contextual save bar. A paid
// feature: on Free the page explains it and leads to the subscription page.
import { Badge } from '@shopify/polaris';
import { asnEntryLabel } from '@gatehouse/contracts';
import { BlockedEntriesTable } from '../../../components/entry-list/blocked-entries-table.js';
import {
  ListBlockerEditor,
  PaidListPage,
} from '../../../components/entry-list/list-blocker-page.js';
import { PlanUpgradeCard } from '../../../components/entry-list/plan-upgrade-card.js';
import { useAsnBlocker } from '../api/use-asn-blocker.js';
import { useDeleteAsnEntries } from '../api/use-delete-asn-entries.js';
import { useSaveAsnBlocker } from '../api/use-save-asn-blocker.js';
import { filterEntries } from '../asn-blocker-form.js';
import { AddAsnEntryForm } from './add-asn-entry-form.js';

const TITLE = 'ISP/ASN Blocker';

export function AsnBlockerPage() {
  return (
    <PaidListPage
      title={TITLE}
      upgradeCard={
        <PlanUpgradeCard
          title="The ISP/ASN Blocker is part of Premium and Pay-As-You-Go"
          intro="Block visitors by the network they come from instead of one address at a time:"
          items={[
            'an autonomous system number, like AS15169, covers all its addresses;',
            'an ISP or hosting company’s name, like Hetzner, covers every network it runs.',
          ]}
        />
      }
      editor={(onUpgrade) => <AsnBlockerEditor onUpgrade={onUpgrade} />}
    />
  );
}

function AsnBlockerEditor({ onUpgrade }: { onUpgrade: () => void }) {
  const blocker = useAsnBlocker();
  const save = useSaveAsnBlocker();
  const deleteEntries = useDeleteAsnEntries();
  return (
    <ListBlockerEditor
      title={TITLE}
      unit="ASNs and ISP names"
      intro="Block visitors by the network they come from: its autonomous system number (ASN), or the name of the ISP or hosting company that runs it. Hosting and data centre networks are where most scrapers and bots come from. Addresses on your allow list still get in; the IP Blocker and the Country Blocker are checked first."
      blocker={blocker}
      save={save}
      saveCall="saveAsnBlocker"
      savedMessage="ISP/ASN Blocker saved"
      addForm={<AddAsnEntryForm onUpgrade={onUpgrade} />}
      ruleTitle="When a visitor comes from a blocked network"
      table={(entries, readAt, loading) => (
        <BlockedEntriesTable
          entries={entries}
          readAt={readAt}
          loading={loading}
          texts={{
            filterPlaceholder: 'Filter by ASN, name or note',
            filterHint: 'Try another ASN, name or note.',
            emptyTitle: 'No networks blocked yet',
            emptyDescription:
              'Add an ASN or ISP name above, or block a visitor’s network from the visitor log.',
            valueHeading: 'Network',
            removeBody: (count) =>
              `Visitors from ${count === 1 ? 'this network' : 'these networks'} can reach your store again at once, unless another rule blocks them.`,
          }}
          label={asnEntryLabel}
          matches={(entry) =>
            entry.asn !== null ? (
              <Badge>ASN</Badge>
            ) : (
              <Badge tone="info">ISP name (whole words)</Badge>
            )
          }
          filter={filterEntries}
          deleteEntries={deleteEntries}
          deleteMatching={deleteEntries}
        />
      )}
    />
  );
}
