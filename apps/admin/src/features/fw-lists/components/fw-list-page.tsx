// /fw-referrerBlocker and /fw-asnBlocker: the firewall's own lists of referrer domains and of
// ASNs or ISP names, read exactly as the storefront's lists are, applied by the firewall
// before the store serves anything. One page for both, given the list's calls and words;
// saved with the contextual save bar like every list; every entry the filter finds can be
// removed at once (the server applies the same filter). Part of the Firewall (Premium).
import { Badge } from '@shopify/polaris';
import type { FwListEntry, FwListView } from '@gatehouse/contracts';
import { BlockedEntriesTable } from '../../../components/entry-list/blocked-entries-table.js';
import { EntryAddForm } from '../../../components/entry-list/entry-add-form.js';
import { FirewallPaidPage } from '../../../components/entry-list/firewall-paid-page.js';
import { ListBlockerEditor } from '../../../components/entry-list/list-blocker-page.js';
import { useApiMutation } from '../../../lib/api-mutation.js';
import { useApiQuery } from '../../../lib/api-query.js';
import { showToast } from '../../../lib/toast-store.js';

type Calls = 'FwReferrerBlocker' | 'FwAsnBlocker';

interface ListWords {
  calls: Calls;
  title: string;
  unit: string;
  intro: string;
  field: { label: string; placeholder: string; helpText: string };
  valueHeading: string;
  badge: string;
  limit: number;
}

const filterEntries = (entries: FwListEntry[], text: string) => {
  const needle = text.trim().toLowerCase();
  return needle === ''
    ? entries
    : entries.filter(
        (e) => e.value.toLowerCase().includes(needle) || e.note.toLowerCase().includes(needle),
      );
};

function FwListEditor({ words, onUpgrade }: { words: ListWords; onUpgrade: () => void }) {
  const get = `get${words.calls}` as const;
  const empty: FwListView = {
    action: { type: 'block' },
    monitor: false,
    entries: [],
    limit: words.limit,
  };
  const blocker = useApiQuery(get, {}, { defaultData: empty });
  const save = useApiMutation(`save${words.calls}`, { replaces: get });
  const add = useApiMutation(`add${words.calls}`, {
    quietStatuses: [400, 403],
    invalidates: [get],
  });
  const deleteEntries = useApiMutation(`delete${words.calls}`, { invalidates: [get] });
  return (
    <ListBlockerEditor
      title={words.title}
      unit={words.unit}
      intro={words.intro}
      blocker={blocker}
      save={save}
      savedMessage={`${words.title} saved`}
      addForm={
        <EntryAddForm
          field={{ ...words.field, maxLength: 300 }}
          notePlaceholder="Why this entry is here"
          submit="Add to block list"
          adding={add.isPending}
          onAdd={async (value, note) => {
            const outcome = await add.call({ value: value.trim(), note });
            if (!outcome.result) {
              if (outcome.status !== 403) return { error: outcome.message };
              onUpgrade();
              return 'kept';
            }
            showToast(`Blocked ${value.trim()}`);
            return 'added';
          }}
        />
      }
      ruleTitle="When a request matches the list"
      table={(entries, readAt, loading) => (
        <BlockedEntriesTable
          entries={entries}
          readAt={readAt}
          loading={loading}
          texts={{
            filterPlaceholder: 'Filter by value or note',
            filterHint: 'Try another value or note.',
            emptyTitle: `No ${words.unit} blocked yet`,
            emptyDescription: 'Add one above.',
            valueHeading: words.valueHeading,
            removeBody: () => 'Requests they blocked reach your store again at once.',
          }}
          label={(entry) => entry.value}
          matches={() => <Badge>{words.badge}</Badge>}
          filter={filterEntries}
          deleteEntries={deleteEntries}
          deleteMatching={deleteEntries}
        />
      )}
    />
  );
}

function FwListPage({ words }: { words: ListWords }) {
  return (
    <FirewallPaidPage
      title={words.title}
      intro="Stop unwanted visitors at the edge, before your store serves them:"
      items={[
        'blocked requests never reach your store;',
        'scripts that ignore JavaScript are stopped too.',
      ]}
      editor={(onUpgrade) => <FwListEditor words={words} onUpgrade={onUpgrade} />}
    />
  );
}

export function FwReferrerBlockerPage() {
  return (
    <FwListPage
      words={{
        calls: 'FwReferrerBlocker',
        title: 'Firewall Referrer Blocker',
        unit: 'referrer domains',
        intro:
          'The firewall refuses requests sent from these sites (their Referer header) before your store serves them.',
        field: {
          label: 'Referrer domain',
          placeholder: 'spam.example or *.spam.example',
          helpText: '*.spam.example blocks its subdomains; spam.example that site only.',
        },
        valueHeading: 'Domain',
        badge: 'Referrer',
        limit: 2000,
      }}
    />
  );
}

export function FwAsnBlockerPage() {
  return (
    <FwListPage
      words={{
        calls: 'FwAsnBlocker',
        title: 'Firewall ISP/ASN Blocker',
        unit: 'ASNs and ISP names',
        intro:
          'The firewall refuses requests from these networks before your store serves them: an autonomous system number, or the name of the ISP or hosting company.',
        field: {
          label: 'ASN or ISP name',
          placeholder: 'AS15169, 15169 or Hetzner',
          helpText: 'A name blocks every network whose organisation contains its words.',
        },
        valueHeading: 'Network',
        badge: 'Network',
        limit: 2000,
      }}
    />
  );
}
