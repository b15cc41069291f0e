// The bad lines of a CSV preview: line number, what the line said, and why it was refused. The
// text and the reason wrap, so a long reason stays inside the dialog.
import { Banner, DataTable, Text } from '@shopify/polaris';
import type { PreviewLine } from '../../lib/csv-preview-model.js';

export function CsvErrorLines({
  lines,
  more,
  total,
}: {
  lines: PreviewLine[];
  more: string | null;
  total: number;
}) {
  return (
    <Banner
      tone="critical"
      title={`${total.toLocaleString('en')} ${total === 1 ? 'line' : 'lines'} will not be imported`}
    >
      <DataTable
        columnContentTypes={['text', 'text', 'text']}
        headings={['Line', 'Text', 'Reason']}
        rows={lines.map((l) => [
          <span key="line" style={{ whiteSpace: 'nowrap' }}>
            {l.label}
          </span>,
          <span key="text" style={{ whiteSpace: 'normal', wordBreak: 'break-word' }}>
            {l.text}
          </span>,
          <span key="reason" style={{ whiteSpace: 'normal' }}>
            {l.reason}
          </span>,
        ])}
        increasedTableDensity
      />
      {more && (
        <Text as="p" tone="subdued">
          {more}
        </Text>
      )}
    </Banner>
  );
}
