// A condition's countries: one (equals) or several (in the list), found by name or two-letter
// code; the chosen ones show as removable tags with their flags.
import { useMemo, useState } from 'react';
import { Autocomplete, BlockStack, Icon, InlineStack, Tag } from '@shopify/polaris';
import { SearchIcon } from '@shopify/polaris-icons';
import { countryName } from '@gatehouse/engine/values';
import { FlaggedName } from '../../../components/country-flag.js';
import { searchCountries } from '../../../lib/country-search.js';

/** Matches listed at once under the search. */
const SHOWN = 30;

export function CountryInput({
  label,
  value,
  multiple,
  error,
  onChange,
}: {
  label: string;
  value: string[];
  multiple: boolean;
  error: string | undefined;
  onChange: (codes: string[]) => void;
}) {
  const [query, setQuery] = useState('');
  const options = useMemo(
    () =>
      searchCountries(query)
        .slice(0, SHOWN)
        .map((c) => ({ value: c.code, label: `${c.name} (${c.code})` })),
    [query],
  );
  return (
    <BlockStack gap="200">
      <Autocomplete
        allowMultiple={multiple}
        options={options}
        selected={value}
        onSelect={(selected) => {
          onChange(multiple ? selected : selected.slice(-1));
          if (!multiple) setQuery('');
        }}
        textField={
          <Autocomplete.TextField
            label={label}
            labelHidden
            value={query}
            onChange={setQuery}
            prefix={<Icon source={SearchIcon} />}
            placeholder={
              value.length === 0 || multiple
                ? 'Search countries by name or code'
                : countryName(value[0]!)
            }
            autoComplete="off"
            error={error}
          />
        }
      />
      {value.length > 0 && (
        <InlineStack gap="200" wrap>
          {value.map((code) => (
            <Tag
              key={code}
              onRemove={() => onChange(value.filter((c) => c !== code))}
              accessibilityLabel={`Remove ${countryName(code)}`}
            >
              <FlaggedName code={code} name={countryName(code)} />
            </Tag>
          ))}
        </InlineStack>
      )}
    </BlockStack>
  );
}
