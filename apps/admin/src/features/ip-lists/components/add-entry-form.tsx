// Adds one address or CIDR range with an optional note and expiry date. The server checks the
// address (400 with its message, shown on the field); a 403 is the plan cap.
import { TextField } from '@shopify/polaris';
import { protectionMessages, type IpListId } from '@gatehouse/contracts';
import { EntryAddForm } from '../../../components/entry-list/entry-add-form.js';
import { showToast } from '../../../lib/toast-store.js';
import { useAddIpListEntry } from '../api/use-add-ip-list-entry.js';
import { expiryFromDate } from '../list-rules.js';

export function AddEntryForm({
  list,
  onCapHit,
  capReached,
}: {
  list: IpListId;
  onCapHit: () => void;
  capReached: boolean;
}) {
  const addEntry = useAddIpListEntry(list);

  return (
    <EntryAddForm
      field={{
        label: 'IP address or CIDR range',
        placeholder: '203.0.113.7 or 2001:db8::/32',
        maxLength: 64,
      }}
      notePlaceholder="Why this entry is here"
      submit="Add"
      adding={addEntry.isPending}
      cost={(ip, { expiry }) => ({
        call: list === 'ipBlocker' ? 'addIpBlocker' : 'addWhiteLists',
        draft: { ip, note: '', expiresAt: expiryFromDate(expiry) },
      })}
      onAdd={async (ip, note, { expiry }) => {
        if (ip.trim() === '') return { error: protectionMessages.ipMissing };
        if (capReached) {
          onCapHit();
          return 'kept';
        }
        const outcome = await addEntry.call({
          ip: ip.trim(),
          note,
          expiresAt: expiryFromDate(expiry),
        });
        if (!outcome.result) {
          if (outcome.status === 403) onCapHit();
          return outcome.status === 400 ? { error: outcome.message } : 'kept';
        }
        showToast(`Added ${outcome.data.ip}`);
        return 'added';
      }}
      extra={{
        defaults: { expiry: '' },
        render: (bind) => (
          <TextField
            label="Expires on (optional)"
            type="date"
            {...bind('expiry')}
            autoComplete="off"
            helpText="Leave empty to keep the entry."
          />
        ),
      }}
    />
  );
}
