// The Pay-as-you-go panel: page-view usage against the 4,000 included.
import { BlockStack, Button, Card, InlineStack, ProgressBar, Text } from '@shopify/polaris';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { PAYG_USAGE_FULL } from '../../../lib/constants.js';
import { formatCount } from '../../../lib/format-count.js';
import { usagePercent } from '../dashboard-rules.js';
import { paths } from '../../../lib/pages.js';

export function PaygPanel({ usage }: { usage: number }) {
  const navigate = useNavigate();
  const percent = usagePercent(usage);
  const labelId = useId();
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center" gap="200">
          <Text as="h2" variant="headingMd">
            You are on the Pay as you go Plan
          </Text>
          <Button variant="primary" onClick={() => void navigate(paths.subscription)}>
            Upgrade to Premium
          </Button>
        </InlineStack>
        <Text as="p" tone="subdued" id={labelId}>
          Page views: {formatCount(usage)} / {formatCount(PAYG_USAGE_FULL)}
        </Text>
        <ProgressBar
          progress={percent}
          tone={percent >= 100 ? 'critical' : 'highlight'}
          ariaLabelledBy={labelId}
          size="small"
        />
      </BlockStack>
    </Card>
  );
}
