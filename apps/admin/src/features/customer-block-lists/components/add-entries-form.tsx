// Adds values of one kind (one per line) with an optional note. The server's 400 message shows
// on the field; a 403 (the plan no longer includes the lists) opens the upgrade prompt.
import { useState } from 'react';
import { BlockStack, Select } from '@shopify/polaris';
import {
  customerBlockKindLabels,
  customerBlockKinds,
  maxCustomerBlockAdd,
  type CustomerBlockKind,
} from '@gatehouse/contracts';
import { EntryAddForm } from '../../../components/entry-list/entry-add-form.js';
import { showToast } from '../../../lib/toast-store.js';
import { useAddCustomerBlockEntries } from '../api/customer-block-lists-api.js';
import { KIND_TEXTS, splitValues } from '../kind-texts.js';

export function AddEntriesForm({ onUpgrade }: { onUpgrade: () => void }) {
  const [kind, setKind] = useState<CustomerBlockKind>('email');
  const addEntries = useAddCustomerBlockEntries();
  const texts = KIND_TEXTS[kind];
  return (
    <BlockStack gap="300">
      <Select
        label="What to block"
        options={customerBlockKinds.map((k) => ({ label: customerBlockKindLabels[k], value: k }))}
        value={kind}
        onChange={(value) => setKind(value as CustomerBlockKind)}
      />
      <EntryAddForm
        field={{
          label: texts.field,
          placeholder: texts.placeholder,
          helpText: `${texts.help} Add up to ${maxCustomerBlockAdd} at once, one per line.`,
          maxLength: 30_000,
          multiline: 2,
        }}
        notePlaceholder="Why they are blocked (chargeback, fraud…)"
        submit="Add to block list"
        adding={addEntries.isPending}
        onAdd={async (value, note) => {
          const values = splitValues(value);
          if (values.length === 0) return { error: 'Enter a value to block.' };
          const outcome = await addEntries.call({ kind, values, note });
          if (!outcome.result) {
            if (outcome.status !== 403) return { error: outcome.message };
            onUpgrade();
            return 'kept';
          }
          const { added, skipped } = outcome.data;
          const what = added.length === 1 ? added[0]!.value : `${added.length} entries`;
          showToast(
            skipped.length > 0
              ? `Blocked ${what} (${skipped.length} already listed)`
              : `Blocked ${what}`,
          );
          return 'added';
        }}
      />
    </BlockStack>
  );
}
