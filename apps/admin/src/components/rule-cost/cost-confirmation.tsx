// The question a save must answer first when the change would block the merchant's own
// address or country, or a verified search-engine crawler seen in the last 7 days: the
// change's cost is read (the kept answer when the page has it), and when the server names
// something to confirm, the save waits for the merchant's answer in this dialog. When the cost
// cannot be read the save goes ahead (the save call checks the change itself), unless the page
// gives what to ask in that case.
import { useState, type ReactNode } from 'react';
import { BlockStack, List, Modal, Text } from '@shopify/polaris';
import { useCostNow, type CostDraft } from './use-rule-cost.js';

interface Pending {
  messages: string[];
  resolve: (confirmed: boolean) => void;
}

export interface CostConfirmation {
  /**
   * True when the change may go ahead: nothing to confirm, or the merchant confirmed. With
   * `uncounted`, a cost that cannot be read still asks, with those messages.
   */
  ask(draft: CostDraft, uncounted?: string[]): Promise<boolean>;
  /** The dialog, rendered by the page. */
  dialog: ReactNode;
}

export function useCostConfirmation(confirmLabel = 'Save anyway'): CostConfirmation {
  const costNow = useCostNow();
  const [pending, setPending] = useState<Pending | null>(null);
  const answer = (confirmed: boolean) => {
    pending?.resolve(confirmed);
    setPending(null);
  };
  return {
    async ask(draft, uncounted) {
      const result = await costNow(draft);
      const messages = result ? result.confirm.map((c) => c.message) : (uncounted ?? []);
      if (messages.length === 0) return true;
      return new Promise<boolean>((resolve) => setPending({ messages, resolve }));
    },
    dialog: (
      <Modal
        open={pending !== null}
        onClose={() => answer(false)}
        title="This change would block more than you may want"
        primaryAction={{ content: confirmLabel, destructive: true, onAction: () => answer(true) }}
        secondaryActions={[{ content: 'Cancel', onAction: () => answer(false) }]}
      >
        <Modal.Section>
          <BlockStack gap="200">
            <List>
              {(pending?.messages ?? []).map((message) => (
                <List.Item key={message}>{message}</List.Item>
              ))}
            </List>
            <Text as="p" tone="subdued">
              Nothing is saved until you confirm.
            </Text>
          </BlockStack>
        </Modal.Section>
      </Modal>
    ),
  };
}
