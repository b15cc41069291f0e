// Blacklist or whitelist, each with the one line saying what it does.
import { BlockStack, Card, ChoiceList, Text } from '@shopify/polaris';
import type { CountryBlockerForm } from '../country-blocker-form.js';

const choices = [
  {
    label: 'Blacklist',
    value: 'blacklist',
    helpText: 'Block visitors from the selected countries; everyone else can visit.',
  },
  {
    label: 'Whitelist',
    value: 'whitelist',
    helpText: 'Allow only visitors from the selected countries; everyone else is blocked.',
  },
] as const;

export function ModeCard({
  mode,
  error,
  onChange,
}: {
  mode: CountryBlockerForm['mode'];
  error?: string | undefined;
  onChange: (mode: CountryBlockerForm['mode']) => void;
}) {
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          Mode
        </Text>
        <ChoiceList
          title="Mode"
          titleHidden
          choices={choices.map((c) => ({ ...c }))}
          selected={[mode]}
          error={error}
          onChange={([value]) => onChange(value === 'whitelist' ? 'whitelist' : 'blacklist')}
        />
      </BlockStack>
    </Card>
  );
}
