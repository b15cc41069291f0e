// Changes one entry's value (of the same kind) and note, as a react-hook-form form checked by
// the update call's own schema; each problem, found here or by the server, shows at its field
// (the value's when the problem names neither). The caller keys it by the entry, so each entry
// opens with its own value and note.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormLayout, Modal } from '@shopify/polaris';
import {
  customerBlockKindLabels,
  customerBlockUpdateRequest,
  type CustomerBlockEntry,
} from '@gatehouse/contracts';
import { FormTextField } from '../../../components/form-text-field.js';
import { setRefusalErrors, type IssuePath } from '../../../lib/place-issues.js';
import { requestFormSchema } from '../../../lib/request-form-schema.js';
import { showToast } from '../../../lib/toast-store.js';
import { useUpdateCustomerBlockEntry } from '../api/customer-block-lists-api.js';

interface EntryForm {
  id: string;
  value: string;
  note: string;
}

type EntryField = 'value' | 'note';

/** The field a problem of the update call is about: the note's, else the value's. */
const fieldOf = (path: IssuePath): EntryField => (path[0] === 'note' ? 'note' : 'value');
const toRequest = (form: EntryForm) => ({ ...form, note: form.note.trim() });
const entryFormSchema = requestFormSchema(toRequest, customerBlockUpdateRequest, fieldOf);

export function EditEntryModal({
  entry,
  onClose,
  onUpgrade,
}: {
  entry: CustomerBlockEntry | null;
  onClose: () => void;
  onUpgrade: () => void;
}) {
  const form = useForm<EntryForm>({
    defaultValues: { id: entry?.id ?? '', value: entry?.value ?? '', note: entry?.note ?? '' },
    resolver: zodResolver(entryFormSchema),
  });
  const update = useUpdateCustomerBlockEntry();

  const save = form.handleSubmit(async (values) => {
    const outcome = await update.call(toRequest(values));
    if (outcome.result) {
      showToast('Entry saved');
      onClose();
      return;
    }
    if (outcome.status === 403) {
      onUpgrade();
      return;
    }
    setRefusalErrors(
      form.setError,
      { message: outcome.message, issues: outcome.error?.issues },
      fieldOf,
      'value',
    );
  });

  return (
    <Modal
      open={entry !== null}
      onClose={onClose}
      title={entry ? `Edit ${customerBlockKindLabels[entry.kind].toLowerCase()}` : ''}
      primaryAction={{
        content: 'Save',
        loading: update.isPending || form.formState.isSubmitting,
        onAction: () => void save(),
      }}
      secondaryActions={[{ content: 'Cancel', onAction: onClose }]}
    >
      <Modal.Section>
        <FormLayout>
          <FormTextField
            form={form}
            name="value"
            label="Value"
            autoComplete="off"
            maxLength={200}
          />
          <FormTextField form={form} name="note" label="Note" autoComplete="off" maxLength={500} />
        </FormLayout>
      </Modal.Section>
    </Modal>
  );
}
