// The message buyers on the list see at checkout, saved on its own.
import { useState } from 'react';
import { BlockStack, Button, Card, InlineStack, Text, TextField } from '@shopify/polaris';
import { showToast } from '../../../lib/toast-store.js';
import { useSaveCustomerBlockMessage } from '../api/customer-block-lists-api.js';

export function MessageCard({ message, onUpgrade }: { message: string; onUpgrade: () => void }) {
  const [text, setText] = useState(message);
  const [error, setError] = useState<string | undefined>();
  const save = useSaveCustomerBlockMessage();

  const submit = async () => {
    const outcome = await save.call({ message: text });
    if (outcome.result) {
      setError(undefined);
      showToast('Message saved');
    } else if (outcome.status === 403) onUpgrade();
    else setError(outcome.message);
  };

  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          What blocked buyers see
        </Text>
        <TextField
          label="Message at checkout"
          helpText="Shown next to the field that matched (the email, phone or address); the order is not placed."
          value={text}
          onChange={(value) => {
            setText(value);
            setError(undefined);
          }}
          error={error}
          multiline={2}
          maxLength={300}
          showCharacterCount
          autoComplete="off"
        />
        <InlineStack>
          <Button
            onClick={() => void submit()}
            loading={save.isPending}
            disabled={text === message}
          >
            Save message
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
