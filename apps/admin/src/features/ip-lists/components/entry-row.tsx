// One row of an IP list, with inline editing of its note and expiry. Clicks inside the editor
// stay there instead of toggling the row's selection.
import { useState, type ReactNode } from 'react';
import { Button, IndexTable, InlineStack, Text, TextField } from '@shopify/polaris';
import type { IpEntry, IpListId } from '@gatehouse/contracts';
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
  const [note, setNote] = useState(entry.note);
  const [expiry, setExpiry] = useState(dateFromExpiry(entry.expiresAt));
  const updateEntry = useUpdateIpListEntry(list);
  const saving = updateEntry.isPending;
  const requests = accessRequestsText(useAccessRequestCounts()[entry.id]);

  const save = async () => {
    const outcome = await updateEntry.call({
      id: entry.id,
      note: note.trim(),
      expiresAt: expiryFromDate(expiry),
    });
    if (!outcome.result) return;
    showToast(`Saved ${outcome.data.ip}`);
    onDone();
  };

  return (
    <IndexTable.Row id={entry.id} position={index} selected={selected}>
      <IndexTable.Cell>
        <Text as="span" fontWeight="semibold">
          {entry.ip}
        </Text>
      </IndexTable.Cell>
      <IndexTable.Cell>
        {editing ? (
          <Contained>
            <TextField
              label={`Note for ${entry.ip}`}
              labelHidden
              value={note}
              onChange={setNote}
              autoComplete="off"
              maxLength={500}
            />
          </Contained>
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
        {editing ? (
          <Contained>
            <TextField
              label={`Expiry of ${entry.ip}`}
              labelHidden
              type="date"
              value={expiry}
              onChange={setExpiry}
              autoComplete="off"
            />
          </Contained>
        ) : (
          expiryText(entry.expiresAt)
        )}
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
