// The confirmation of a row's quick action. Confirming changes the rules at once (the server
// rebuilds the shop's policy), toasts the server's sentence and refreshes every view of them.
// A 403 (adding to a list blocker on a plan without it, or an IP past the Free plan's cap)
// opens the upgrade dialog instead.
import { useState } from 'react';
import { Modal, Text } from '@shopify/polaris';
import { UpgradeDialog } from '../../../components/upgrade-dialog.js';
import { showToast } from '../../../lib/toast-store.js';
import { listBlockers, type ListBlockerManifest, type QuickAction } from '@gatehouse/contracts';
import { useVisitQuickAction } from '../api/use-visit-quick-action.js';
import type { QuickActionChoice } from '../quick-actions.js';

/** Why the plan stopped a quick action. */
function upgradeText(action: QuickAction): { title: string; body: string } {
  const list = listBlockers.find((mf: ListBlockerManifest) => mf.quickAction === action);
  if (list?.quickOffer) {
    return {
      title: `The ${list.title} needs a Premium or Pay-As-You-Go subscription`,
      body: `Upgrade your plan to ${list.quickOffer.upgrade}`,
    };
  }
  return {
    title: 'Your plan has reached its IP Blocker entries',
    body: 'Upgrade to Premium or Pay-As-You-Go to block as many IP addresses as you need.',
  };
}

export function QuickActionModal({
  choice,
  onClose,
}: {
  choice: QuickActionChoice | null;
  onClose: () => void;
}) {
  const quickAction = useVisitQuickAction();
  const busy = quickAction.isPending;
  const [upgrade, setUpgrade] = useState<QuickAction | null>(null);

  const run = async () => {
    if (!choice) return;
    const outcome = await quickAction.call({ action: choice.action, value: choice.value });
    if (!outcome.result) {
      if (outcome.status === 403) {
        onClose();
        setUpgrade(choice.action);
      }
      return;
    }
    showToast(outcome.data.message);
    onClose();
  };

  const why = upgrade ? upgradeText(upgrade) : null;
  return (
    <>
      <QuickActionConfirm choice={choice} busy={busy} onRun={() => void run()} onClose={onClose} />
      <UpgradeDialog
        open={why !== null}
        onClose={() => setUpgrade(null)}
        title="Upgrade plan"
        status="warning"
        messageTitle={why?.title ?? ''}
      >
        <p>{why?.body}</p>
      </UpgradeDialog>
    </>
  );
}

function QuickActionConfirm({
  choice,
  busy,
  onRun,
  onClose,
}: {
  choice: QuickActionChoice | null;
  busy: boolean;
  onRun: () => void;
  onClose: () => void;
}) {
  return (
    <Modal
      open={choice !== null}
      onClose={onClose}
      title={choice?.title ?? ''}
      primaryAction={{
        content: choice?.confirm ?? 'Confirm',
        destructive: choice?.destructive ?? false,
        loading: busy,
        onAction: onRun,
      }}
      secondaryActions={[{ content: 'Cancel', onAction: onClose }]}
    >
      <Modal.Section>
        <Text as="p">{choice?.body}</Text>
      </Modal.Section>
    </Modal>
  );
}
