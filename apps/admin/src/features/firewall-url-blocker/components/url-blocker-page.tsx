// /fw-urlBlocker: the firewall's list of blocked URL patterns (added and removed at once; every
// pattern the filter finds can be removed together, the server applying the same filter) and
// the action and monitor mode of the whole list, saved with the contextual save bar. Part of
// the Firewall (Premium): on Free the page explains it and leads to the subscription page.
import { Badge } from '@shopify/polaris';
import { BlockedEntriesTable } from '../../../components/entry-list/blocked-entries-table.js';
import { FirewallPaidPage } from '../../../components/entry-list/firewall-paid-page.js';
import { api } from '@gatehouse/contracts';
import { ListBlockerEditor } from '../../../components/entry-list/list-blocker-page.js';
import { useDeleteUrlEntries } from '../api/use-delete-url-entries.js';
import { useSaveUrlBlocker } from '../api/use-save-url-blocker.js';
import { useUrlBlocker } from '../api/use-url-blocker.js';
import { filterEntries, matchLabel } from '../url-blocker-form.js';
import { AddUrlEntryForm } from './add-url-entry-form.js';
import { pageTitles } from '../../../lib/pages.js';

const TITLE = pageTitles.firewallUrlBlocker;

export function UrlBlockerPage() {
  return (
    <FirewallPaidPage
      title={TITLE}
      intro="Stop requests at the edge, before your store serves them:"
      items={[
        'probes for /wp-login.php, /.env or /admin never reach your store;',
        'exact paths, prefixes, wildcards or regular expressions, per method.',
      ]}
      editor={(onUpgrade) => <UrlBlockerEditor onUpgrade={onUpgrade} />}
    />
  );
}

function UrlBlockerEditor({ onUpgrade }: { onUpgrade: () => void }) {
  const blocker = useUrlBlocker();
  const save = useSaveUrlBlocker();
  const deleteEntries = useDeleteUrlEntries();
  return (
    <ListBlockerEditor
      title={TITLE}
      unit="URL patterns"
      intro="The firewall checks every request to your domain against these patterns before your store sees it. Use them for paths your store never serves that scanners probe for, like /wp-login.php, /.env or /xmlrpc.php. Addresses on your allow list still get in."
      blocker={blocker}
      save={save}
      saveRequest={api.saveUrlBlocker.request}
      savedMessage="URL Blocker saved"
      addForm={<AddUrlEntryForm onUpgrade={onUpgrade} />}
      ruleTitle="When a request matches a blocked pattern"
      table={(entries, readAt, loading) => (
        <BlockedEntriesTable
          entries={entries}
          readAt={readAt}
          loading={loading}
          texts={{
            filterPlaceholder: 'Filter by pattern or note',
            filterHint: 'Try another pattern or note.',
            emptyTitle: 'No URL patterns blocked yet',
            emptyDescription: 'Add a pattern above, like /wp-login.php.',
            valueHeading: 'Pattern',
            removeBody: (count) =>
              `Requests matching ${count === 1 ? 'this pattern' : 'these patterns'} reach your store again at once, unless another rule blocks them.`,
          }}
          label={(entry) => entry.pattern}
          matches={(entry) => <Badge>{matchLabel(entry)}</Badge>}
          filter={filterEntries}
          deleteEntries={deleteEntries}
          deleteMatching={deleteEntries}
        />
      )}
    />
  );
}
