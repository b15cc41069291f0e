// On a plan without Customer Block Lists the entries are kept, not enforced: this card, under the
// upgrade card, says how many are kept, that checkout lets those buyers through until an
// upgrade brings them back, whether the store's checkout is still being updated, and removes
// them all after a second click that names how many go. Shown only when something is kept.
import { useState } from 'react';
import { BlockStack, Button, InlineStack } from '@shopify/polaris';
import { DataKeptCard } from '../../../components/data-kept-card.js';
import { showToast } from '../../../lib/toast-store.js';
import { useClearCustomerBlockEntries, useKeptCustomerBlocks } from '../api/kept-entries-api.js';

const entriesText = (n: number) =>
  `${n.toLocaleString('en')} blocked ${n === 1 ? 'buyer is' : 'buyers are'}`;

export function KeptEntriesCard() {
  const kept = useKeptCustomerBlocks();
  const clear = useClearCustomerBlockEntries();
  const [confirming, setConfirming] = useState(false);
  const { kept: count, enforced, syncPending } = kept.data;
  if (count === 0 || enforced) return null;
  const paragraphs = [
    `${entriesText(count)} kept but not enforced on this plan: checkout lets these buyers through. They are enforced again when you upgrade.`,
    ...(syncPending
      ? ['Your store’s checkout is being updated to let them through; this takes under a minute.']
      : []),
    <BlockStack gap="200" key="remove">
      {confirming ? (
        <InlineStack gap="200">
          <Button
            variant="primary"
            tone="critical"
            loading={clear.isPending}
            onClick={async () => {
              const outcome = await clear.call({});
              setConfirming(false);
              if (outcome.result) showToast(`${outcome.data.deleted} entries removed`);
            }}
          >
            {`Remove ${count.toLocaleString('en')} for good`}
          </Button>
          <Button onClick={() => setConfirming(false)}>Keep them</Button>
        </InlineStack>
      ) : (
        <InlineStack>
          <Button tone="critical" onClick={() => setConfirming(true)}>
            Remove kept entries
          </Button>
        </InlineStack>
      )}
    </BlockStack>,
  ];
  return (
    <div data-kept-entries>
      <DataKeptCard title="Blocked buyers kept from your paid plan" paragraphs={paragraphs} />
    </div>
  );
}
