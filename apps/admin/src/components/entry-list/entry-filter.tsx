// The box above a list's table that narrows it to the entries containing the typed text.
import { Box, TextField } from '@shopify/polaris';

export function EntryFilter({
  label,
  placeholder,
  value,
  onChange,
}: {
  /** Read by screen readers only. */
  label: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
}) {
  return (
    <Box padding="300">
      <TextField
        label={label}
        labelHidden
        placeholder={placeholder}
        value={value}
        onChange={onChange}
        clearButton
        onClearButtonClick={() => onChange('')}
        autoComplete="off"
        maxLength={100}
      />
    </Box>
  );
}
