// Adds one ASN ("AS15169" or "15169") or ISP name with an optional note. The field is checked
// as the contract reads it before the call; the server's 400 message shows on the field, and
// a 403 (the plan no longer includes the blocker) opens the upgrade prompt.
import { useState } from 'react';
import { Button, FormLayout, TextField } from '@shopify/polaris';
import { asnEntryLabel } from '@gatehouse/contracts';
import { showToast } from '../../../lib/toast-store.js';
import { useAddAsnEntry } from '../api/use-add-asn-entry.js';
import { entryError } from '../asn-blocker-form.js';

export function AddAsnEntryForm({ onUpgrade }: { onUpgrade: () => void }) {
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const addEntry = useAddAsnEntry();
  const adding = addEntry.isPending;

  const add = async () => {
    const problem = entryError(value);
    if (problem) {
      setError(problem);
      return;
    }
    const outcome = await addEntry.call({ value: value.trim(), note: note.trim() });
    if (!outcome.result) {
      if (outcome.status === 403) onUpgrade();
      else setError(outcome.message);
      return;
    }
    showToast(`Blocked ${asnEntryLabel(outcome.data)}`);
    setValue('');
    setNote('');
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
            label="ASN or ISP name"
            placeholder="AS15169, 15169 or Hetzner"
            helpText="A name blocks every network whose organisation contains its words, whole and in that order, in any case: “Hetzner” blocks Hetzner Online GmbH."
            value={value}
            onChange={(text) => {
              setValue(text);
              setError(undefined);
            }}
            error={error}
            autoComplete="off"
            maxLength={200}
          />
          <TextField
            label="Note"
            placeholder="Why this entry is here"
            value={note}
            onChange={setNote}
            autoComplete="off"
            maxLength={500}
          />
        </FormLayout.Group>
        <Button submit variant="primary" loading={adding}>
          Add to block list
        </Button>
      </FormLayout>
    </form>
  );
}
