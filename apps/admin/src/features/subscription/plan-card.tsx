// One plan of the /subscription page: name, price, trial, what it includes, the current-plan
// badge, and its action button.
import type { PlanView, SubscriptionState } from '@gatehouse/contracts';
import {
  Badge,
  BlockStack,
  Button,
  Card,
  InlineStack,
  List,
  ProgressBar,
  Text,
} from '@shopify/polaris';
import { useAppState } from '../../lib/app-state.js';
import { formatCount } from '../../lib/format-count.js';
import { priceText } from './outcome.js';

interface PlanCardProps {
  plan: PlanView;
  state: SubscriptionState;
  busy: boolean;
  onChoose: (plan: PlanView) => void;
  onCancel: () => void;
}

export function PlanCard({ plan, state, busy, onChoose, onCancel }: PlanCardProps) {
  const { account } = useAppState();
  // A new account on Free has not chosen a plan yet (it confirms even Free explicitly): Free
  // is not its current plan until it has.
  const current = state.plan === plan.id && !(plan.id === 'free' && account?.isNew === true);
  const showChoose = !current;
  const sub = state.subscription;
  const paid = plan.id !== 'free';
  const trial = paid && state.trialAvailable && plan.trialDays > 0;
  const label = plan.id === 'free' ? 'Choose Free' : trial ? 'Start Free Trial' : 'Choose plan';
  const usagePercent = Math.min(100, (state.usage.views * 100) / 4000);
  return (
    <div data-plan={plan.id}>
      <Card>
        <BlockStack gap="300">
          <InlineStack align="space-between" blockAlign="center">
            <Text as="h2" variant="headingMd">
              {plan.name}
            </Text>
            {current && <Badge tone="success">Current plan</Badge>}
            {!current && sub?.plan === plan.id && sub.status === 'FROZEN' && (
              <Badge tone="critical">Frozen</Badge>
            )}
          </InlineStack>
          <Text as="p" variant="headingLg">
            {priceText(plan)}
          </Text>
          {paid && plan.trialDays > 0 && (
            <Text as="p" tone="subdued">
              {`${plan.trialDays}-day free trial`}
            </Text>
          )}
          {current && sub && sub.trialDaysLeft > 0 && (
            <Text as="p" tone="success">
              {`${sub.trialDaysLeft} ${sub.trialDaysLeft === 1 ? 'day' : 'days'} left in your trial`}
            </Text>
          )}
          <List>
            {plan.highlights.map((h) => (
              <List.Item key={h}>{h}</List.Item>
            ))}
          </List>
          {plan.id === 'payg' && current && (
            <BlockStack gap="100">
              <Text as="p">{`${formatCount(state.usage.views)} of ${formatCount(state.usage.includedViews)} included page views used this period`}</Text>
              <ProgressBar progress={usagePercent} size="small" />
            </BlockStack>
          )}
          {current && paid ? (
            <Button tone="critical" variant="secondary" onClick={onCancel} disabled={busy}>
              Cancel subscription
            </Button>
          ) : (
            showChoose && (
              <Button
                variant={paid ? 'primary' : 'secondary'}
                onClick={() => onChoose(plan)}
                loading={busy}
                disabled={busy}
              >
                {label}
              </Button>
            )
          )}
        </BlockStack>
      </Card>
    </div>
  );
}
