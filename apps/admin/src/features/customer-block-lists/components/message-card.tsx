// The message buyers on the list see at checkout: a save-bar form checked by the save call's own
// schema; a problem, found here or by the server, shows on the field. A 403 (the plan no longer includes the lists)
// opens the upgrade prompt.
import { useMemo } from 'react';
import { BlockStack, Card, Text, TextField } from '@shopify/polaris';
import { customerBlockListsApi } from '@gatehouse/contracts';
import { SaveBar } from '../../../components/save-bar.js';
import type { IssuePath } from '../../../lib/place-issues.js';
import { requestFormSchema } from '../../../lib/request-form-schema.js';
import { showToast } from '../../../lib/toast-store.js';
import { useSaveBarForm } from '../../../lib/use-save-bar-form.js';
import { useSaveCustomerBlockMessage } from '../api/customer-block-lists-api.js';

interface MessageForm {
  message: string;
}

/** Every problem of the save call is the message's. */
const fieldOf = (_path: IssuePath) => 'message';
const messageFormSchema = requestFormSchema(
  (form: MessageForm) => form,
  customerBlockListsApi.saveCustomerBlockMessage.request,
  fieldOf,
);

export function MessageCard({ message, onUpgrade }: { message: string; onUpgrade: () => void }) {
  const save = useSaveCustomerBlockMessage();
  const saved = useMemo(() => ({ message }), [message]);
  const { draft, change, errors, refusal, saveBar } = useSaveBarForm(saved, {
    schema: messageFormSchema,
    placeOf: fieldOf,
    submit: async (form) => {
      const outcome = await save.call(form);
      if (!outcome.result && outcome.status === 403) onUpgrade();
      return outcome;
    },
    onSaved: () => showToast('Message saved'),
  });

  return (
    <Card>
      <SaveBar {...saveBar} />
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          What blocked buyers see
        </Text>
        <TextField
          label="Message at checkout"
          helpText="Shown next to the field that matched (the email, phone or address); the order is not placed. Save it with the bar at the top of the page."
          value={draft?.message ?? message}
          onChange={(value) => change({ message: value })}
          error={errors.message ?? refusal ?? undefined}
          multiline={2}
          maxLength={300}
          showCharacterCount
          autoComplete="off"
        />
      </BlockStack>
    </Card>
  );
}
