// Where a redirect applies: whole continents (checkboxes) and single countries (found by name
// or code, shown as removable tags with their flags).
import { useMemo, useState } from 'react';
import { BlockStack, Button, Checkbox, InlineStack, Tag, Text, TextField } from '@shopify/polaris';
import { continents, countryName } from '@gatehouse/engine/values';
import { FlaggedName } from '../../../components/country-flag.js';
import { searchCountries } from '../../../lib/country-search.js';

/** Matches shown at once under the search. */
const SHOWN = 8;

export function RedirectCountries({
  countries,
  chosenContinents,
  error,
  onChange,
}: {
  countries: string[];
  chosenContinents: string[];
  error: string | undefined;
  onChange: (change: { countries?: string[]; continents?: string[] }) => void;
}) {
  const [query, setQuery] = useState('');
  const found = useMemo(
    () =>
      query.trim() === '' ? [] : searchCountries(query).filter((c) => !countries.includes(c.code)),
    [query, countries],
  );
  return (
    <BlockStack gap="200">
      <Text as="p" fontWeight="medium">
        Visitors from
      </Text>
      <InlineStack gap="300" wrap>
        {continents.map((continent) => (
          <Checkbox
            key={continent.code}
            label={continent.name}
            checked={chosenContinents.includes(continent.code)}
            onChange={(on) =>
              onChange({
                continents: on
                  ? [...chosenContinents, continent.code]
                  : chosenContinents.filter((c) => c !== continent.code),
              })
            }
          />
        ))}
      </InlineStack>
      {countries.length > 0 && (
        <InlineStack gap="200" wrap>
          {countries.map((code) => (
            <Tag
              key={code}
              onRemove={() => onChange({ countries: countries.filter((c) => c !== code) })}
              accessibilityLabel={`Remove ${countryName(code)}`}
            >
              <FlaggedName code={code} name={countryName(code)} />
            </Tag>
          ))}
        </InlineStack>
      )}
      <TextField
        label="Add a country"
        placeholder="Search countries by name or code"
        value={query}
        onChange={setQuery}
        autoComplete="off"
        clearButton
        onClearButtonClick={() => setQuery('')}
        error={error}
      />
      {found.length > 0 && (
        <InlineStack gap="200" wrap>
          {found.slice(0, SHOWN).map((country) => (
            <Button
              key={country.code}
              size="slim"
              onClick={() => {
                onChange({ countries: [...countries, country.code] });
                setQuery('');
              }}
              accessibilityLabel={`Add ${country.name}`}
            >
              {`+ ${country.name}`}
            </Button>
          ))}
          {found.length > SHOWN && (
            <Text as="span" tone="subdued">
              {`${found.length - SHOWN} more: type more of the name`}
            </Text>
          )}
        </InlineStack>
      )}
    </BlockStack>
  );
}
