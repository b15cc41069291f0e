// One condition: the order field, the operators that fit it (each also turned around), and
// the value in the input its type needs: text, a list (one entry a line), a number, a country
// picker, the kinds of network; yes/no facts take none. The message under it is the draft's
// own check, or the server's when it refused a save naming this condition.
import {
  BlockStack,
  Button,
  Checkbox,
  InlineError,
  InlineGrid,
  InlineStack,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { FILTER_NETWORK_KINDS, filterField } from '@gatehouse/contracts';
import { useState } from 'react';
import {
  FIELD_OPTIONS,
  operatorChoice,
  operatorOptions,
  splitList,
  valueKind,
  withField,
  withOperator,
  type ConditionDraft,
} from '../auto-cancel-form.js';
import { CountryInput } from './country-input.js';

const NETWORK_LABELS: Record<(typeof FILTER_NETWORK_KINDS)[number], string> = {
  hosting: 'Hosting or data centre',
  vpn: 'VPN',
  proxy: 'Proxy',
  tor: 'Tor',
};

/** A list typed one entry a line; the draft keeps the entries, the field keeps what is typed. */
function ListInput({
  label,
  value,
  error,
  onChange,
}: {
  label: string;
  value: string[];
  error: string | undefined;
  onChange: (entries: string[]) => void;
}) {
  const [text, setText] = useState(value.join('\n'));
  const typed = splitList(text);
  const shown = typed.join('\n') === value.join('\n') ? text : value.join('\n');
  return (
    <TextField
      label={label}
      labelHidden
      value={shown}
      onChange={(next) => {
        setText(next);
        onChange(splitList(next));
      }}
      multiline={3}
      autoComplete="off"
      placeholder="One entry a line, or separated by commas"
      helpText={
        value.length > 0 ? `${value.length} ${value.length === 1 ? 'entry' : 'entries'}` : undefined
      }
      error={error}
    />
  );
}

function ValueInput({
  condition,
  label,
  error,
  onChange,
}: {
  condition: ConditionDraft;
  label: string;
  error: string | undefined;
  onChange: (value: ConditionDraft['value']) => void;
}) {
  const kind = valueKind(condition.field, condition.operator);
  const { value } = condition;
  const list = Array.isArray(value) ? value : [];
  switch (kind) {
    case 'none':
      return error ? <InlineError message={error} fieldID={label} /> : null;
    case 'number':
      return (
        <TextField
          label={label}
          labelHidden
          type="number"
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
          autoComplete="off"
          error={error}
        />
      );
    case 'list':
      return <ListInput label={label} value={list} error={error} onChange={onChange} />;
    case 'country':
    case 'countries':
      return (
        <CountryInput
          label={label}
          value={kind === 'country' ? (typeof value === 'string' && value ? [value] : []) : list}
          multiple={kind === 'countries'}
          error={error}
          onChange={(codes) => onChange(kind === 'country' ? (codes[0] ?? '') : codes)}
        />
      );
    case 'networks':
      return (
        <BlockStack gap="100">
          <InlineStack gap="300" wrap>
            {FILTER_NETWORK_KINDS.map((kind) => (
              <Checkbox
                key={kind}
                label={NETWORK_LABELS[kind]}
                checked={list.includes(kind)}
                onChange={(on) => onChange(on ? [...list, kind] : list.filter((k) => k !== kind))}
              />
            ))}
          </InlineStack>
          {error && <InlineError message={error} fieldID={label} />}
        </BlockStack>
      );
    default:
      return (
        <TextField
          label={label}
          labelHidden
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
          autoComplete="off"
          placeholder={condition.operator === 'matches' ? 'A pattern, like ^test.*@' : undefined}
          error={error}
        />
      );
  }
}

export function ConditionRow({
  condition,
  name,
  error,
  canRemove,
  onChange,
  onRemove,
}: {
  condition: ConditionDraft;
  /** "Group 1, condition 2": labels its inputs for screen readers and tests. */
  name: string;
  error: string | undefined;
  canRemove: boolean;
  onChange: (next: ConditionDraft) => void;
  onRemove: () => void;
}) {
  const help = filterField(condition.field)?.help;
  return (
    <BlockStack gap="100">
      <InlineGrid columns={{ xs: 1, md: ['oneThird', 'oneThird', 'oneThird'] }} gap="200">
        <Select
          label={`${name}: field`}
          labelHidden
          options={FIELD_OPTIONS}
          value={condition.field}
          onChange={(field) => onChange(withField(condition, field))}
        />
        <Select
          label={`${name}: operator`}
          labelHidden
          options={operatorOptions(condition.field)}
          value={operatorChoice(condition)}
          onChange={(choice) => onChange(withOperator(condition, choice))}
        />
        <ValueInput
          condition={condition}
          label={`${name}: value`}
          error={error}
          onChange={(value) => onChange({ ...condition, value })}
        />
      </InlineGrid>
      <InlineStack align="space-between" blockAlign="center" gap="200" wrap={false}>
        <Text as="span" tone="subdued" variant="bodySm">
          {help}
        </Text>
        {canRemove && (
          <Button
            variant="plain"
            tone="critical"
            onClick={onRemove}
            accessibilityLabel={`Remove ${name.toLowerCase()}`}
          >
            Remove
          </Button>
        )}
      </InlineStack>
    </BlockStack>
  );
}
