// Adds one or more referrer domains (one per line, or separated by commas or spaces) with an
// optional note. The field is checked as the contract reads it before the call; the server's
// 400 message shows on the field, and a 403 (the plan no longer includes the blocker) opens
// the upgrade prompt.
import { EntryAddForm } from '../../../components/entry-list/entry-add-form.js';
import { showToast } from '../../../lib/toast-store.js';
import { useAddReferrerEntries } from '../api/use-add-referrer-entries.js';
import { readDomains } from '../referrer-blocker-form.js';

export function AddReferrerEntriesForm({ onUpgrade }: { onUpgrade: () => void }) {
  const addEntries = useAddReferrerEntries();
  return (
    <EntryAddForm
      field={{
        label: 'Referrer domains',
        placeholder: 'spam.example or *.spam.example',
        helpText:
          '“spam.example” blocks visits sent from that site only; “*.spam.example” blocks its subdomains (ads.spam.example) but not spam.example itself. Add several at once, one per line.',
        maxLength: 30_000,
        multiline: 2,
      }}
      notePlaceholder="Why these domains are here"
      submit="Add to block list"
      adding={addEntries.isPending}
      cost={(value) => {
        const read = readDomains(value);
        return 'error' in read
          ? null
          : { call: 'addReferrerBlocker', draft: { domains: read.domains, note: '' } };
      }}
      onAdd={async (value, note) => {
        const read = readDomains(value);
        if ('error' in read) return read;
        const outcome = await addEntries.call({ domains: read.domains, note });
        if (!outcome.result) {
          if (outcome.status !== 403) return { error: outcome.message };
          onUpgrade();
          return 'kept';
        }
        const { added, skipped } = outcome.data;
        const what = added.length === 1 ? added[0]!.domain : `${added.length} domains`;
        showToast(
          skipped.length > 0
            ? `Blocked ${what} (${skipped.length} already listed)`
            : `Blocked ${what}`,
        );
        return 'added';
      }}
    />
  );
}
