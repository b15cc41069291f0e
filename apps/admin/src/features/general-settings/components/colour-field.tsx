// A hex colour field with a swatch that opens the browser's colour picker.
import { TextField } from '@shopify/polaris';
import { expandHex } from '../settings-rules.js';

export function ColourField({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const swatch = expandHex(value) ?? '#000000';
  return (
    <TextField
      label={label}
      value={value}
      onChange={onChange}
      error={error}
      autoComplete="off"
      maxLength={7}
      connectedLeft={
        <input
          type="color"
          aria-label={`${label} picker`}
          value={swatch}
          onChange={(event) => onChange(event.target.value)}
          style={{
            width: 36,
            height: 36,
            padding: 2,
            border: 'var(--p-border-width-025) solid var(--p-color-border)',
            borderRadius: 'var(--p-border-radius-200)',
            background: 'var(--p-color-bg-surface)',
            cursor: 'pointer',
          }}
        />
      }
    />
  );
}
