// The Upgrade dialog of the IP lists: the Free plan's entry cap was reached (the add or the
// import answered 403, or the count already shows it), or CSV export was asked for on a plan
// without it.
import { UpgradeDialog } from '../../../components/upgrade-dialog.js';

export type UpgradeReason = 'cap' | 'export';

export function ListUpgradeDialog({
  reason,
  limit,
  onClose,
}: {
  reason: UpgradeReason | null;
  limit: number | null;
  onClose: () => void;
}) {
  const cap = reason === 'cap';
  return (
    <UpgradeDialog
      open={reason !== null}
      onClose={onClose}
      title="Upgrade plan"
      status={cap ? 'warning' : 'info'}
      messageTitle={
        cap
          ? `Your plan keeps up to ${limit ?? 20} IP Blocker entries`
          : 'CSV export needs a Premium or Pay-As-You-Go subscription'
      }
    >
      <p>
        {cap
          ? 'Upgrade to Premium or Pay-As-You-Go to block as many IP addresses and ranges as you need.'
          : 'Upgrade your plan to download your lists as CSV files.'}
      </p>
    </UpgradeDialog>
  );
}
