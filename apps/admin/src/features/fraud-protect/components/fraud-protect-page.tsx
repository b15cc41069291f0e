// /fraudProtect: the settings (saved with the contextual save bar), what customer data is kept
// and for how long, and the log of orders it acted on; each problem of the settings, found
// before the save or by the server, shows at its field. A paid feature: on Free the page
// explains it and leads to the subscription page.
import { useMemo } from 'react';
import { BlockStack, Layout, Page } from '@shopify/polaris';
import { DataKeptCard } from '../../../components/data-kept-card.js';
import { PaidListPage } from '../../../components/entry-list/list-blocker-page.js';
import { PlanUpgradeCard } from '../../../components/entry-list/plan-upgrade-card.js';
import { PageSkeleton } from '../../../components/page-skeleton.js';
import { RefusalBanner } from '../../../components/refusal-banner.js';
import { SaveBar } from '../../../components/save-bar.js';
import { showToast } from '../../../lib/toast-store.js';
import { useSaveBarForm } from '../../../lib/use-save-bar-form.js';
import { useFraudProtect, useSaveFraudProtect } from '../api/use-fraud-protect.js';
import { fieldOf, fraudFormSchema, toFraudForm, toFraudSettings } from '../fraud-protect-form.js';
import { FraudLogCard } from './fraud-log-card.js';
import { FraudSettingsCard } from './fraud-settings-card.js';
import { OrderRiskCard } from './order-risk-card.js';
import { pageTitles } from '../../../lib/pages.js';

const TITLE = pageTitles.fraudProtect;
const SUBTITLE = 'Cancel or flag the orders Shopify rates as risky';

export function FraudProtectPage() {
  return (
    <PaidListPage
      title={TITLE}
      upgradeCard={
        <PlanUpgradeCard
          title="Fraud Protect is part of Premium and Pay-As-You-Go"
          intro="Stop the orders Shopify rates as risky before you ship them:"
          items={[
            'cancel them at once, with a refund, restock and an email to the customer;',
            'or tag them for you to review;',
            'spare your VIP, wholesale and returning customers.',
          ]}
        />
      }
      editor={() => <FraudProtectEditor />}
    />
  );
}

/** What Fraud Protect and the shared order log keep about customers, and for how long. */
function FraudDataKept({ days }: { days: number }) {
  return (
    <DataKeptCard
      title="What is kept about customers"
      paragraphs={[
        `For each order it acts on, Gatehouse keeps the order’s number, its risk level, what was done and Shopify’s answer, for ${days} days; when an auto-cancel filter adds the buyer to a block list, the entry also keeps the email or IP address it added. Gatehouse reads the order and the customer’s tags and order count from Shopify when it acts and keeps no other copy of names, email addresses, phone numbers or addresses. These entries are deleted sooner when Shopify asks Gatehouse to erase a customer’s data or your store’s. What it added to an order’s risk in Shopify (the level and the findings, no customer details) is kept for ${days} days too.`,
        'What you or your filters put in the Customer Block Lists and the IP lists (emails, phone numbers, names, addresses, IP addresses, with your notes) is kept until you remove it. Erasing a customer’s data leaves these entries as they are, since they are your own rules; a customer’s data request lists those with their email, phone number or IP address.',
      ]}
    />
  );
}

export function FraudProtectEditor() {
  const query = useFraudProtect();
  const save = useSaveFraudProtect();
  const { settings, logRetentionDays, canReadCustomers } = query.data;
  const savedKey = JSON.stringify(settings);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key says when the form changes
  const saved = useMemo(() => toFraudForm(settings), [savedKey]);
  const form = useSaveBarForm(query.isSettled ? saved : undefined, {
    schema: fraudFormSchema,
    placeOf: fieldOf,
    submit: (draft) => save.call(toFraudSettings(draft)),
    onSaved: () => showToast('Fraud Protect saved'),
  });

  const { draft, change, refusal } = form;
  if (draft === undefined || query.isLoading) {
    return <PageSkeleton title={TITLE} subtitle={SUBTITLE} lines={8} />;
  }
  return (
    <Page title={TITLE} subtitle={SUBTITLE}>
      <SaveBar {...form.saveBar} />
      <Layout>
        <RefusalBanner title="Fraud Protect was not saved" refusal={refusal} />
        <Layout.Section>
          <BlockStack gap="400">
            <FraudSettingsCard
              form={draft}
              errors={form.errors}
              canReadCustomers={canReadCustomers}
              onChange={change}
            />
            <OrderRiskCard
              checked={draft.writeOrderRisk}
              onChange={(writeOrderRisk) => change({ writeOrderRisk })}
            />
            <FraudLogCard />
            <FraudDataKept days={logRetentionDays} />
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
