// One row of an IP list, with inline editing of its note and expiry: a react-hook-form form
// checked by the update call's own schema, each problem (found here or by the server) at its
// field. Clicks inside the editor stay there instead of toggling the row's selection.
import { useMemo, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, IndexTable, InlineStack, Text } from '@shopify/polaris';
import { ipUpdateRequest, type IpEntry, type IpListId } from '@gatehouse/contracts';
import { FormTextField } from '../../../components/form-text-field.js';
import { setRefusalErrors, type IssuePath } from '../../../lib/place-issues.js';
import { requestFormSchema } from '../../../lib/request-form-schema.js';
import { showToast } from '../../../lib/toast-store.js';
import { useUpdateIpListEntry } from '../api/use-update-ip-list-entry.js';
import { lastHitText } from '../../../lib/relative-time.js';
import { accessRequestsText, useAccessRequestCounts } from '../../../lib/access-request-counts.js';
import { dateFromExpiry, expiryFromDate, expiryText, formatDate } from '../list-rules.js';

function Contained({ children }: { children: ReactNode }) {
  return (
    <div
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
      role="presentation"
    >
      {children}
    </div>
  );
}

interface RowForm {
  note: string;
  /** The date field's value (yyyy-mm-dd), empty for none. */
  expiry: string;
}

/** The field a problem of the update call is about: the expiry's, else the note's. */
const fieldOf = (path: IssuePath): keyof RowForm => (path[0] === 'expiresAt' ? 'expiry' : 'note');

const toRequest = (id: string, form: RowForm) => ({
  id,
  note: form.note.trim(),
  expiresAt: expiryFromDate(form.expiry),
});

export function EntryRow({
  list,
  entry,
  index,
  selected,
  editing,
  onEdit,
  onDone,
}: {
  list: IpListId;
  entry: IpEntry;
  index: number;
  selected: boolean;
  editing: boolean;
  onEdit: () => void;
  onDone: () => void;
}) {
  const schema = useMemo(
    () => requestFormSchema((form: RowForm) => toRequest(entry.id, form), ipUpdateRequest, fieldOf),
    [entry.id],
  );
  const form = useForm<RowForm>({
    defaultValues: { note: entry.note, expiry: dateFromExpiry(entry.expiresAt) },
    resolver: zodResolver(schema),
  });
  const updateEntry = useUpdateIpListEntry(list);
  const saving = updateEntry.isPending || form.formState.isSubmitting;
  const requests = accessRequestsText(useAccessRequestCounts()[entry.id]);

  const save = form.handleSubmit(async (values) => {
    const outcome = await updateEntry.call(toRequest(entry.id, values));
    if (!outcome.result) {
      setRefusalErrors(
        form.setError,
        { message: outcome.message, issues: outcome.error?.issues },
        fieldOf,
        'note',
      );
      return;
    }
    showToast(`Saved ${outcome.data.ip}`);
    onDone();
  });

  const field = (name: keyof RowForm, label: string, type?: 'date') => (
    <Contained>
      <FormTextField
        form={form}
        name={name}
        label={label}
        labelHidden
        type={type}
        autoComplete="off"
        maxLength={type ? undefined : 500}
      />
    </Contained>
  );

  return (
    <IndexTable.Row id={entry.id} position={index} selected={selected}>
      <IndexTable.Cell>
        <Text as="span" fontWeight="semibold">
          {entry.ip}
        </Text>
      </IndexTable.Cell>
      <IndexTable.Cell>
        {editing ? (
          field('note', `Note for ${entry.ip}`)
        ) : (
          <span style={{ whiteSpace: 'normal' }}>{entry.note}</span>
        )}
      </IndexTable.Cell>
      <IndexTable.Cell>
        <Text as="span" numeric alignment="end">
          {entry.hits.toLocaleString('en')}
        </Text>
        {requests && (
          <Text as="span" variant="bodySm" tone="caution">
            {requests}
          </Text>
        )}
      </IndexTable.Cell>
      <IndexTable.Cell>{lastHitText(entry.lastHitAt)}</IndexTable.Cell>
      <IndexTable.Cell>
        {editing ? field('expiry', `Expiry of ${entry.ip}`, 'date') : expiryText(entry.expiresAt)}
      </IndexTable.Cell>
      <IndexTable.Cell>{formatDate(entry.createdAt)}</IndexTable.Cell>
      <IndexTable.Cell>
        <Contained>
          {editing ? (
            <InlineStack gap="200" wrap={false}>
              <Button variant="primary" size="slim" loading={saving} onClick={() => void save()}>
                Save
              </Button>
              <Button size="slim" disabled={saving} onClick={onDone}>
                Cancel
              </Button>
            </InlineStack>
          ) : (
            <Button variant="plain" onClick={onEdit} accessibilityLabel={`Edit ${entry.ip}`}>
              Edit
            </Button>
          )}
        </Contained>
      </IndexTable.Cell>
    </IndexTable.Row>
  );
}
