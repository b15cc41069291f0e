// The confirmation of a row's quick action. Confirming changes the rules at once (the server
// rebuilds the shop's policy), toasts the server's sentence and refreshes every view of them.
import { useState } from 'react';
import { Modal, Text } from '@shopify/polaris';
import { callApi } from '../../../lib/api-client.js';
import { queryClient } from '../../../lib/query-client.js';
import { showToast } from '../../../lib/toast-store.js';
import type { QuickActionChoice } from '../quick-actions.js';

/** Queries whose answers a rule change can alter. */
const affected = [
  'listIpBlocker',
  'listWhiteLists',
  'getCountryBlocker',
  'checkEmptyWhiteLists',
  'lookupIp',
];

export function QuickActionModal({
  choice,
  onClose,
}: {
  choice: QuickActionChoice | null;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);

  const run = async () => {
    if (!choice) return;
    setBusy(true);
    const outcome = await callApi('visitQuickAction', {
      action: choice.action,
      value: choice.value,
    });
    setBusy(false);
    if (!outcome.result) return;
    showToast(outcome.data.message);
    for (const name of affected) void queryClient.invalidateQueries({ queryKey: [name] });
    onClose();
  };

  return (
    <Modal
      open={choice !== null}
      onClose={onClose}
      title={choice?.title ?? ''}
      primaryAction={{
        content: choice?.confirm ?? 'Confirm',
        destructive: choice?.destructive ?? false,
        loading: busy,
        onAction: () => void run(),
      }}
      secondaryActions={[{ content: 'Cancel', onAction: onClose }]}
    >
      <Modal.Section>
        <Text as="p">{choice?.body}</Text>
      </Modal.Section>
    </Modal>
  );
}
