// The visitor log's country filter: a search over the countries and the list to pick one
// from, each with its flag ("Any country" clears it).
import { useMemo, useState } from 'react';
import { BlockStack, Box, InlineError, OptionList, TextField } from '@shopify/polaris';
import { CountryFlag } from '../../../components/country-flag.js';
import { searchCountries } from '../../../lib/country-search.js';

const ANY = '';

interface Props {
  country: string | undefined;
  error: string | undefined;
  onChange: (country: string | undefined) => void;
}

export function CountryFilter({ country, error, onChange }: Props) {
  const [query, setQuery] = useState('');
  const options = useMemo(
    () => [
      ...(query.trim() === '' ? [{ value: ANY, label: 'Any country' }] : []),
      ...searchCountries(query).map((c) => ({
        value: c.code,
        label: c.name,
        media: <CountryFlag code={c.code} />,
      })),
    ],
    [query],
  );
  return (
    <BlockStack gap="200">
      <TextField
        label="Search countries"
        labelHidden
        placeholder="Search countries"
        autoComplete="off"
        value={query}
        onChange={setQuery}
        clearButton
        onClearButtonClick={() => setQuery('')}
      />
      <Box maxWidth="320px">
        <div style={{ maxHeight: 280, overflowY: 'auto' }}>
          <OptionList
            options={options}
            selected={[country ?? ANY]}
            onChange={([value]) => onChange(value === ANY ? undefined : value)}
          />
        </div>
      </Box>
      {error && <InlineError message={error} fieldID="visitor-log-country" />}
    </BlockStack>
  );
}
