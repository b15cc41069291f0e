// Cells every entry table draws the same way: the entry's value, the note (a dash when there is
// none), when the entry was added (relative, the exact time on hover), and the row's own
// Remove button.
import { Button, IndexTable, Text, Tooltip } from '@shopify/polaris';
import { relativeTime } from '../../lib/relative-time.js';

/**
 * An entry's value, which can be long and without a space (an email of 200 characters): it
 * wraps at any character instead of widening its column past the table.
 */
export function EntryValue({ value, bold = false }: { value: string; bold?: boolean }) {
  return (
    <span
      style={{
        display: 'inline-block',
        maxWidth: '32ch',
        whiteSpace: 'normal',
        // Breaks only what does not fit: a short value keeps its column as narrow as itself.
        overflowWrap: 'break-word',
      }}
    >
      <Text as="span" {...(bold ? { fontWeight: 'semibold' as const } : {})}>
        {value}
      </Text>
    </span>
  );
}

export function NoteCell({ note }: { note: string }) {
  return (
    <IndexTable.Cell>
      <Text as="span" tone={note ? undefined : 'subdued'}>
        {note || '—'}
      </Text>
    </IndexTable.Cell>
  );
}

/** `readAt`: when the entries were read; the time counts from it. */
export function AddedCell({ createdAt, readAt }: { createdAt: string; readAt: number }) {
  return (
    <IndexTable.Cell>
      <Tooltip content={new Date(createdAt).toLocaleString('en-US')}>
        <Text as="span">{relativeTime(createdAt, readAt)}</Text>
      </Tooltip>
    </IndexTable.Cell>
  );
}

/** `label` names the entry for screen readers ("Remove AS15169"). */
export function RemoveCell({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <IndexTable.Cell>
      {/* The button removes the entry; it does not toggle the row's selection. */}
      <div
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => event.stopPropagation()}
        role="presentation"
      >
        <Button variant="tertiary" tone="critical" accessibilityLabel={label} onClick={onRemove}>
          Remove
        </Button>
      </div>
    </IndexTable.Cell>
  );
}
