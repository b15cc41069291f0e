// What a visitor from a blocked network gets (the block page or a redirect) and the
// monitor-only switch; one setting for every entry of the list.
import { BlockStack, Card, Checkbox, ChoiceList, Text, TextField } from '@shopify/polaris';
import type { AsnSettingsForm } from '../asn-blocker-form.js';

export function AsnActionCard({
  form,
  urlError,
  onChange,
  onUrlBlur,
}: {
  form: AsnSettingsForm;
  urlError: string | undefined;
  onChange: (change: Partial<AsnSettingsForm>) => void;
  onUrlBlur: () => void;
}) {
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          Action
        </Text>
        <ChoiceList
          title="When a visitor comes from a blocked network"
          selected={[form.actionType]}
          onChange={([value]) =>
            onChange({ actionType: value === 'redirect' ? 'redirect' : 'block' })
          }
          choices={[
            {
              label: 'Show the block page',
              value: 'block',
              helpText: 'The title, message and colours set in General Settings.',
            },
            {
              label: 'Redirect to a URL',
              value: 'redirect',
              renderChildren: (isSelected: boolean) =>
                isSelected && (
                  <TextField
                    label="Redirect URL"
                    labelHidden
                    type="url"
                    placeholder="https://example.com/not-available"
                    value={form.redirectUrl}
                    onChange={(redirectUrl) => onChange({ redirectUrl })}
                    onBlur={onUrlBlur}
                    error={urlError}
                    autoComplete="url"
                  />
                ),
            },
          ]}
        />
        <Checkbox
          label="Monitor only: log would-be blocks, let visitors in"
          helpText="Try the list first: visits it would block are recorded in the visitor log, and nobody is blocked."
          checked={form.monitor}
          onChange={(monitor) => onChange({ monitor })}
        />
      </BlockStack>
    </Card>
  );
}
