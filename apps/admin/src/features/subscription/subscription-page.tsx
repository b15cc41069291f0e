// /subscription: the three plans side by side, the current one marked (a new account, which has
// not chosen yet, is welcomed, and Free is not marked as its plan), choosing (Free at
// once; a paid plan on the platform's confirmation page), cancelling with a confirmation, and
// the outcome of a return from the platform.
import { openTopLevel } from '../../lib/app-bridge.js';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { PlanView } from '@gatehouse/contracts';
import {
  Banner,
  BlockStack,
  InlineGrid,
  Layout,
  Modal,
  Page,
  Spinner,
  Text,
} from '@shopify/polaris';
import { PRODUCT_NAME } from '@gatehouse/contracts';
import { useAppState } from '../../lib/app-state.js';
import { useCancelSubscription } from './api/use-cancel-subscription.js';
import { useChoosePlan } from './api/use-choose-plan.js';
import { usePlans } from './api/use-plans.js';
import { useSubscription } from './api/use-subscription.js';
import { outcomeBanner } from './outcome.js';
import { PlanCard } from './plan-card.js';
import { pageTitles, paths } from '../../lib/pages.js';

export default function SubscriptionPage() {
  const navigate = useNavigate();
  const { account } = useAppState();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const plans = usePlans();
  const state = useSubscription();
  const choosePlan = useChoosePlan();
  const cancelSubscription = useCancelSubscription();

  const returnedPlan = plans.data.find((p) => p.id === params.get('plan'));
  const banner = dismissed ? null : outcomeBanner(params.get('outcome'), returnedPlan?.name ?? '');

  const choose = async (plan: PlanView) => {
    setBusy(true);
    const outcome = await choosePlan.call({ plan: plan.id });
    if (!outcome.result) {
      setBusy(false);
      return;
    }
    if (outcome.data.confirmationUrl) {
      // The merchant approves the charge on the platform and comes back with ?outcome=.
      // The platform's confirmation page refuses to be framed: the whole window goes there.
      openTopLevel(outcome.data.confirmationUrl);
      return;
    }
    setBusy(false);
    void navigate(paths.dashboard);
  };

  const cancel = async () => {
    setBusy(true);
    await cancelSubscription.call({});
    setConfirmCancel(false);
    setBusy(false);
  };

  const current = state.data;
  return (
    <Page title={pageTitles.subscription}>
      <Layout>
        {banner && (
          <Layout.Section>
            <Banner tone={banner.tone} title={banner.title} onDismiss={() => setDismissed(true)}>
              {banner.body && <p>{banner.body}</p>}
            </Banner>
          </Layout.Section>
        )}
        {account?.isNew === true && !banner && (
          <Layout.Section>
            <Banner tone="info" title={`Choose a plan to start using ${PRODUCT_NAME}`}>
              <p>
                Free protects your store with the Country and IP Blockers at no cost.
                {current?.trialAvailable
                  ? ' Premium and Pay-As-You-Go start with a free trial, and Shopify asks you to approve the charge first.'
                  : ' Shopify asks you to approve the charge of a paid plan first.'}{' '}
                You can change your plan at any time on this page.
              </p>
            </Banner>
          </Layout.Section>
        )}
        {current?.subscription?.status === 'FROZEN' && (
          <Layout.Section>
            <Banner tone="critical" title="Your subscription is frozen.">
              <p>
                Shopify froze the charge, so your store has the Free features for now. Settle the
                store's bill on Shopify to get them back, or choose another plan.
              </p>
            </Banner>
          </Layout.Section>
        )}
        <Layout.Section>
          {current === null || plans.data.length === 0 ? (
            <BlockStack inlineAlign="center">
              <Spinner accessibilityLabel="Loading plans" />
            </BlockStack>
          ) : (
            <InlineGrid columns={{ xs: 1, md: 3 }} gap="400">
              {plans.data.map((plan) => (
                <PlanCard
                  key={plan.id}
                  plan={plan}
                  state={current}
                  busy={busy}
                  onChoose={(p) => void choose(p)}
                  onCancel={() => setConfirmCancel(true)}
                />
              ))}
            </InlineGrid>
          )}
        </Layout.Section>
      </Layout>
      <Modal
        open={confirmCancel}
        onClose={() => setConfirmCancel(false)}
        title="Cancel subscription?"
        primaryAction={{
          content: 'Cancel subscription',
          destructive: true,
          loading: busy,
          onAction: () => void cancel(),
        }}
        secondaryActions={[{ content: 'Keep my plan', onAction: () => setConfirmCancel(false) }]}
      >
        <Modal.Section>
          <Text as="p">
            Your store goes back to the Free plan at once. Features of paid plans stop working, but
            nothing you set up is deleted.
          </Text>
        </Modal.Section>
      </Modal>
    </Page>
  );
}
