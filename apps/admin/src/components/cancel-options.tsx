// How an order is cancelled, as Fraud Protect and the auto-cancel filters both ask it: the
// platform's cancel reason, and whether to refund the payment, restock the items and email
// the customer.
import { Checkbox, FormLayout, Select } from '@shopify/polaris';
import { cancelReasonLabels, cancelReasons, type CancelReason } from '@gatehouse/contracts';

export interface CancelOptionsValue {
  reason: CancelReason;
  refund: boolean;
  restock: boolean;
  notifyCustomer: boolean;
}

const REASON_OPTIONS = cancelReasons.map((value) => ({ value, label: cancelReasonLabels[value] }));

export function CancelOptions({
  value,
  onChange,
}: {
  value: CancelOptionsValue;
  onChange: (change: Partial<CancelOptionsValue>) => void;
}) {
  return (
    <FormLayout>
      <Select
        label="Cancel reason"
        options={REASON_OPTIONS}
        value={value.reason}
        onChange={(reason) => onChange({ reason: reason as CancelReason })}
      />
      <Checkbox
        label="Refund the payment to the original payment method"
        checked={value.refund}
        onChange={(refund) => onChange({ refund })}
      />
      <Checkbox
        label="Restock the items"
        checked={value.restock}
        onChange={(restock) => onChange({ restock })}
      />
      <Checkbox
        label="Email the customer that the order was cancelled"
        checked={value.notifyCustomer}
        onChange={(notifyCustomer) => onChange({ notifyCustomer })}
      />
    </FormLayout>
  );
}
