// The countries of the rule: the selected ones as removable tags, a search, "select by
// continent", and the full list with flags to tick.
import { useMemo, useState } from 'react';
import {
  BlockStack,
  Box,
  Button,
  Card,
  InlineError,
  InlineStack,
  Tag,
  Text,
  TextField,
} from '@shopify/polaris';
import { countryName } from '@gatehouse/engine/values';
import { searchCountries } from '../../../lib/country-search.js';
import { toggleCountry } from '../country-selection.js';
import { FlaggedName } from '../../../components/country-flag.js';
import { ContinentCheckboxes } from './continent-checkboxes.js';
import { CountryList } from './country-list.js';

export function CountryPicker({
  mode,
  selected,
  error,
  onChange,
}: {
  mode: 'blacklist' | 'whitelist';
  selected: string[];
  /** What a save would be refused for in the list. */
  error?: string | undefined;
  onChange: (codes: string[]) => void;
}) {
  const [query, setQuery] = useState('');
  const found = useMemo(() => searchCountries(query), [query]);
  const chosen = new Set(selected);

  return (
    <Card>
      <BlockStack gap="400">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {mode === 'blacklist' ? 'Blocked countries' : 'Allowed countries'} ({selected.length})
          </Text>
          {selected.length > 0 && (
            <Button variant="plain" onClick={() => onChange([])}>
              Clear all
            </Button>
          )}
        </InlineStack>
        {error && <InlineError message={error} fieldID="country-search" />}
        {selected.length === 0 ? (
          <Text as="p" tone="subdued">
            No countries selected.
          </Text>
        ) : (
          <InlineStack gap="200">
            {selected.map((code) => (
              <Tag
                key={code}
                onRemove={() => onChange(selected.filter((c) => c !== code))}
                accessibilityLabel={`Remove ${countryName(code)}`}
              >
                <FlaggedName code={code} name={countryName(code)} />
              </Tag>
            ))}
          </InlineStack>
        )}
        <ContinentCheckboxes selected={selected} onChange={onChange} />
        <TextField
          label="Search countries"
          labelHidden
          placeholder="Search countries"
          value={query}
          onChange={setQuery}
          clearButton
          onClearButtonClick={() => setQuery('')}
          autoComplete="off"
        />
        <Box
          borderColor="border"
          borderWidth="025"
          borderRadius="200"
          padding="300"
          minHeight="120px"
        >
          {found.length === 0 ? (
            <Text as="p" tone="subdued">
              No country matches “{query.trim()}”.
            </Text>
          ) : (
            <CountryList
              countries={found}
              isChosen={(code) => chosen.has(code)}
              onToggle={(code) => onChange(toggleCountry(selected, code))}
            />
          )}
        </Box>
      </BlockStack>
    </Card>
  );
}
