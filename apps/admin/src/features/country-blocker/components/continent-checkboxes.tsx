// "Select by continent": one checkbox per continent, mixed when only some of its countries
// are selected.
import { Checkbox, InlineStack } from '@shopify/polaris';
import { continents } from '@gatehouse/engine/values';
import { continentState, toggleContinent } from '../country-selection.js';

export function ContinentCheckboxes({
  selected,
  onChange,
}: {
  selected: readonly string[];
  onChange: (codes: string[]) => void;
}) {
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
      <legend style={{ padding: 0, marginBottom: 'var(--p-space-200)' }}>
        Select by continent
      </legend>
      <InlineStack gap="400">
        {continents.map(({ code, name }) => {
          const state = continentState(selected, code);
          return (
            <Checkbox
              key={code}
              label={name}
              checked={state === 'all' ? true : state === 'some' ? 'indeterminate' : false}
              onChange={() => onChange(toggleContinent(selected, code))}
            />
          );
        })}
      </InlineStack>
    </fieldset>
  );
}
