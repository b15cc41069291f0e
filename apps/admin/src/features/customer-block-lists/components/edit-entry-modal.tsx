// Changes one entry's value (of the same kind) and note; the server's 400 shows on the field.
// The caller keys it by the entry, so each entry opens with its own value and note.
import { useState } from 'react';
import { FormLayout, Modal, TextField } from '@shopify/polaris';
import { customerBlockKindLabels, type CustomerBlockEntry } from '@gatehouse/contracts';
import { showToast } from '../../../lib/toast-store.js';
import { useUpdateCustomerBlockEntry } from '../api/customer-block-lists-api.js';

export function EditEntryModal({
  entry,
  onClose,
  onUpgrade,
}: {
  entry: CustomerBlockEntry | null;
  onClose: () => void;
  onUpgrade: () => void;
}) {
  const [value, setValue] = useState(entry?.value ?? '');
  const [note, setNote] = useState(entry?.note ?? '');
  const [error, setError] = useState<string | undefined>();
  const update = useUpdateCustomerBlockEntry();

  const save = async () => {
    if (!entry) return;
    const outcome = await update.call({ id: entry.id, value, note: note.trim() });
    if (outcome.result) {
      showToast('Entry saved');
      onClose();
    } else if (outcome.status === 403) onUpgrade();
    else setError(outcome.message);
  };

  return (
    <Modal
      open={entry !== null}
      onClose={onClose}
      title={entry ? `Edit ${customerBlockKindLabels[entry.kind].toLowerCase()}` : ''}
      primaryAction={{ content: 'Save', loading: update.isPending, onAction: () => void save() }}
      secondaryActions={[{ content: 'Cancel', onAction: onClose }]}
    >
      <Modal.Section>
        <FormLayout>
          <TextField
            label="Value"
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
            value={note}
            onChange={setNote}
            autoComplete="off"
            maxLength={500}
          />
        </FormLayout>
      </Modal.Section>
    </Modal>
  );
}
