// Adds one or more referrer domains (one per line, or separated by commas or spaces) with an
// optional note. The field is checked as the contract reads it before the call; the server's
// 400 message shows on the field, and a 403 (the plan no longer includes the blocker) opens
// the upgrade prompt.
import { useState } from 'react';
import { Button, FormLayout, TextField } from '@shopify/polaris';
import { showToast } from '../../../lib/toast-store.js';
import { useAddReferrerEntries } from '../api/use-add-referrer-entries.js';
import { readDomains } from '../referrer-blocker-form.js';

export function AddReferrerEntriesForm({ onUpgrade }: { onUpgrade: () => void }) {
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const addEntries = useAddReferrerEntries();

  const add = async () => {
    const read = readDomains(value);
    if ('error' in read) {
      setError(read.error);
      return;
    }
    const outcome = await addEntries.call({ domains: read.domains, note: note.trim() });
    if (!outcome.result) {
      if (outcome.status === 403) onUpgrade();
      else setError(outcome.message);
      return;
    }
    const { added, skipped } = outcome.data;
    const what = added.length === 1 ? added[0]!.domain : `${added.length} domains`;
    showToast(
      skipped.length > 0 ? `Blocked ${what} (${skipped.length} already listed)` : `Blocked ${what}`,
    );
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
            label="Referrer domains"
            placeholder="spam.example or *.spam.example"
            helpText="“spam.example” blocks visits sent from that site only; “*.spam.example” blocks its subdomains (ads.spam.example) but not spam.example itself. Add several at once, one per line."
            value={value}
            onChange={(text) => {
              setValue(text);
              setError(undefined);
            }}
            error={error}
            autoComplete="off"
            multiline={2}
            maxLength={30_000}
          />
          <TextField
            label="Note"
            placeholder="Why these domains are here"
            value={note}
            onChange={setNote}
            autoComplete="off"
            maxLength={500}
          />
        </FormLayout.Group>
        <Button submit variant="primary" loading={addEntries.isPending}>
          Add to block list
        </Button>
      </FormLayout>
    </form>
  );
}
