// What a filter does to an order it catches: cancel it with a reason (and refund, restock,
// email the customer as chosen), add tags, add the order's IP address to the IP Blocker, add
// the order's email to the Customer Block Lists.
import { BlockStack, Box, Card, Checkbox, InlineError, Text, TextField } from '@shopify/polaris';
import type { AutoCancelActions } from '@gatehouse/contracts';
import { useState } from 'react';
import { CancelOptions } from '../../../components/cancel-options.js';
import { splitList, type FilterErrors } from '../auto-cancel-form.js';

export function ActionsCard({
  actions,
  errors,
  onChange,
}: {
  actions: AutoCancelActions;
  errors: Pick<FilterErrors, 'actions' | 'tags'>;
  onChange: (actions: AutoCancelActions) => void;
}) {
  const set = (change: Partial<AutoCancelActions>) => onChange({ ...actions, ...change });
  const [tagText, setTagText] = useState(actions.tags.join(', '));
  const shownTags =
    splitList(tagText).join(',') === actions.tags.join(',') ? tagText : actions.tags.join(', ');
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          What it does
        </Text>
        <Checkbox
          label="Cancel the order"
          checked={actions.cancel}
          onChange={(cancel) => set({ cancel })}
        />
        {actions.cancel && (
          <Box paddingInlineStart="600">
            <CancelOptions value={actions} onChange={set} />
          </Box>
        )}
        <TextField
          label="Add tags to the order"
          helpText="Up to 5 tags, separated by commas. Leave empty to add none."
          value={shownTags}
          onChange={(text) => {
            setTagText(text);
            set({ tags: splitList(text) });
          }}
          autoComplete="off"
          error={errors.tags}
        />
        <Checkbox
          label="Add the order’s IP address to the IP Blocker"
          helpText="The address is blocked from your store from then on; you can remove it on the IP Blocker page."
          checked={actions.blockIp}
          onChange={(blockIp) => set({ blockIp })}
        />
        <Checkbox
          label="Add the order’s email to the Customer Block Lists"
          helpText="That buyer cannot complete a checkout from then on; you can remove the email on the Customer Block Lists page."
          checked={actions.blockEmail}
          onChange={(blockEmail) => set({ blockEmail })}
        />
        {errors.actions && <InlineError message={errors.actions} fieldID="auto-cancel-actions" />}
      </BlockStack>
    </Card>
  );
}
