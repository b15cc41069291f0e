// Adds one ASN ("AS15169" or "15169") or ISP name with an optional note. The field is checked
// as the contract reads it before the call; the server's 400 message shows on the field, and
// a 403 (the plan no longer includes the blocker) opens the upgrade prompt.
import { asnEntryLabel } from '@gatehouse/contracts';
import { EntryAddForm } from '../../../components/entry-list/entry-add-form.js';
import { showToast } from '../../../lib/toast-store.js';
import { useAddAsnEntry } from '../api/use-add-asn-entry.js';
import { entryError } from '../asn-blocker-form.js';

export function AddAsnEntryForm({ onUpgrade }: { onUpgrade: () => void }) {
  const addEntry = useAddAsnEntry();
  return (
    <EntryAddForm
      field={{
        label: 'ASN or ISP name',
        placeholder: 'AS15169, 15169 or Hetzner',
        helpText:
          'A name blocks every network whose organisation contains its words, whole and in that order, in any case: “Hetzner” blocks Hetzner Online GmbH.',
        maxLength: 200,
      }}
      notePlaceholder="Why this entry is here"
      submit="Add to block list"
      adding={addEntry.isPending}
      cost={(value) =>
        entryError(value) ? null : { call: 'addAsnBlocker', draft: { value, note: '' } }
      }
      onAdd={async (value, note) => {
        const problem = entryError(value);
        if (problem) return { error: problem };
        const outcome = await addEntry.call({ value: value.trim(), note });
        if (!outcome.result) {
          if (outcome.status !== 403) return { error: outcome.message };
          onUpgrade();
          return 'kept';
        }
        showToast(`Blocked ${asnEntryLabel(outcome.data)}`);
        return 'added';
      }}
    />
  );
}
