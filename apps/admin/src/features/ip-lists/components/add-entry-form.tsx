// Adds one address or CIDR range with an optional note and expiry date. The server checks the
// address (400 with its message, toasted by the API client); a 403 is the plan cap.
import { useState } from 'react';
import { Button, FormLayout, TextField } from '@shopify/polaris';
import { protectionMessages, type IpListId } from '@gatehouse/contracts';
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
  const [ip, setIp] = useState('');
  const [note, setNote] = useState('');
  const [expiry, setExpiry] = useState('');
  const [error, setError] = useState<string | undefined>();
  const addEntry = useAddIpListEntry(list);
  const adding = addEntry.isPending;

  const add = async () => {
    if (ip.trim() === '') {
      setError(protectionMessages.ipMissing);
      return;
    }
    if (capReached) {
      onCapHit();
      return;
    }
    const outcome = await addEntry.call({
      ip: ip.trim(),
      note: note.trim(),
      expiresAt: expiryFromDate(expiry),
    });
    if (!outcome.result) {
      if (outcome.status === 403) onCapHit();
      else if (outcome.status === 400) setError(outcome.message);
      return;
    }
    showToast(`Added ${outcome.data.ip}`);
    setIp('');
    setNote('');
    setExpiry('');
    setError(undefined);
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
    >
      <FormLayout>
        <FormLayout.Group>
          <TextField
            label="IP address or CIDR range"
            placeholder="203.0.113.7 or 2001:db8::/32"
            value={ip}
            onChange={(value) => {
              setIp(value);
              setError(undefined);
            }}
            error={error}
            autoComplete="off"
            maxLength={64}
          />
          <TextField
            label="Note"
            placeholder="Why this entry is here"
            value={note}
            onChange={setNote}
            autoComplete="off"
            maxLength={500}
          />
          <TextField
            label="Expires on (optional)"
            type="date"
            value={expiry}
            onChange={setExpiry}
            autoComplete="off"
            helpText="Leave empty to keep the entry."
          />
        </FormLayout.Group>
        <Button submit variant="primary" loading={adding}>
          Add
        </Button>
      </FormLayout>
    </form>
  );
}
