// The Report Range selector: 24 hours, 3 days, 1 week or 30 days, and Reload.
import { Button, InlineStack, Select } from '@shopify/polaris';
import { RefreshIcon } from '@shopify/polaris-icons';

export const reportRangeOptions = [
  { label: '24 hours', value: '1' },
  { label: '3 days', value: '3' },
  { label: '1 week', value: '7' },
  { label: '30 days', value: '30' },
];

interface Props {
  days: number;
  onChange: (days: number) => void;
  onReload: () => void;
  loading: boolean;
}

export function ReportRange({ days, onChange, onReload, loading }: Props) {
  return (
    <InlineStack gap="200" blockAlign="end">
      <Select
        label="Report Range"
        options={reportRangeOptions}
        value={String(days)}
        onChange={(value) => onChange(Number(value))}
      />
      <Button icon={RefreshIcon} onClick={onReload} loading={loading}>
        Reload
      </Button>
    </InlineStack>
  );
}
