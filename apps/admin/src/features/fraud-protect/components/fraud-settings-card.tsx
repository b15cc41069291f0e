// What Fraud Protect acts on and what it does: on/off, the risk levels (medium with its
// warning), cancel with its reason, refund, restock and email, or only tag; the exceptions;
// monitor mode.
import {
  Banner,
  BlockStack,
  Card,
  Checkbox,
  ChoiceList,
  FormLayout,
  Text,
  TextField,
} from '@shopify/polaris';
import { CancelOptions } from '../../../components/cancel-options.js';
import type { FraudField, FraudForm } from '../fraud-protect-form.js';

export const MEDIUM_RISK_WARNING =
  'Shopify rates many good orders as medium risk. Cancelling them loses real sales; consider only tagging them for review.';

export function FraudSettingsCard({
  form,
  errors,
  canReadCustomers,
  onChange,
}: {
  form: FraudForm;
  /** Each field's problem, by its name. */
  errors: Partial<Record<FraudField, string>>;
  canReadCustomers: boolean;
  onChange: (partial: Partial<FraudForm>) => void;
}) {
  const cancelling = form.mode === 'cancel';
  return (
    <BlockStack gap="400">
      <Card>
        <BlockStack gap="300">
          <Checkbox
            label="Turn Fraud Protect on"
            helpText="Acts on new orders as soon as Shopify rates their risk."
            checked={form.enabled}
            onChange={(enabled) => onChange({ enabled })}
          />
          <Checkbox
            label="Monitor mode: only log what would be done"
            helpText="Orders are logged as “would cancel” or “would tag” and left as they are."
            checked={form.monitor}
            onChange={(monitor) => onChange({ monitor })}
          />
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Which orders
          </Text>
          <Checkbox label="High risk" checked disabled helpText="Always acted on." />
          <Checkbox
            label="Medium risk"
            checked={form.actOnMedium}
            onChange={(actOnMedium) => onChange({ actOnMedium })}
          />
          {form.actOnMedium && <Banner tone="warning">{MEDIUM_RISK_WARNING}</Banner>}
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            What to do
          </Text>
          <ChoiceList
            title="Action"
            titleHidden
            choices={[
              { label: 'Cancel the order', value: 'cancel' },
              {
                label: 'Only tag it (flag for review)',
                value: 'flag',
                helpText: 'The order is left open; you decide.',
              },
            ]}
            selected={[form.mode]}
            onChange={([mode]) => onChange({ mode: mode === 'flag' ? 'flag' : 'cancel' })}
          />
          {cancelling && <CancelOptions value={form} onChange={onChange} />}
          <TextField
            label={cancelling ? 'Add a tag (optional)' : 'Tag'}
            autoComplete="off"
            value={form.tag}
            error={errors.tag}
            helpText="Added to the order in Shopify, so you can find it."
            onChange={(tag) => onChange({ tag })}
          />
        </BlockStack>
      </Card>
      <Card>
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            Exceptions
          </Text>
          {!canReadCustomers && (
            <Banner tone="info">
              Gatehouse may not read customers on this store yet, so orders are left alone while a
              customer exception is set. Approve the customer access Gatehouse asks for.
            </Banner>
          )}
          <FormLayout>
            <TextField
              label="Never act on customers tagged"
              autoComplete="off"
              placeholder="VIP, wholesale"
              helpText="Customer tags, separated by commas."
              value={form.exemptCustomerTags}
              error={errors.exemptCustomerTags}
              onChange={(exemptCustomerTags) => onChange({ exemptCustomerTags })}
            />
            <TextField
              label="Never act on orders under"
              type="number"
              min={0}
              step={0.01}
              autoComplete="off"
              helpText="In your store’s currency. Leave empty to act on every amount."
              value={form.minOrderAmount}
              error={errors.minOrderAmount}
              onChange={(minOrderAmount) => onChange({ minOrderAmount })}
            />
            <Checkbox
              label="Never act on returning customers"
              helpText="Customers with an earlier order."
              checked={form.exemptReturningCustomers}
              onChange={(exemptReturningCustomers) => onChange({ exemptReturningCustomers })}
            />
          </FormLayout>
        </BlockStack>
      </Card>
    </BlockStack>
  );
}
