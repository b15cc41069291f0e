// How the storefront waits for a decision, whether verified search engines always get in, and
// how long visitor logs are kept (bounded by the plan's retention).
import { BlockStack, Card, Checkbox, RangeSlider, Select, Text } from '@shopify/polaris';
import { retentionLabel, retentionOptions } from '../settings-rules.js';

export const TIMEOUT_MIN_MS = 500;
export const TIMEOUT_MAX_MS = 10_000;
export const TIMEOUT_STEP_MS = 100;

export function BehaviourCard({
  timeoutMs,
  retentionHours,
  maxRetentionHours,
  allowVerifiedCrawlers,
  errors,
  onChange,
}: {
  timeoutMs: number;
  retentionHours: number;
  maxRetentionHours: number;
  allowVerifiedCrawlers: boolean;
  errors: Record<string, string>;
  onChange: (change: {
    timeoutMs?: number;
    logRetentionHours?: number;
    allowVerifiedCrawlers?: boolean;
  }) => void;
}) {
  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          Storefront and logs
        </Text>
        <RangeSlider
          label="Decision time-out"
          helpText="How long a page waits for the protection decision before it shows anyway. Shorter keeps your store fast on slow connections; longer blocks more reliably."
          min={TIMEOUT_MIN_MS}
          max={TIMEOUT_MAX_MS}
          step={TIMEOUT_STEP_MS}
          value={timeoutMs}
          output
          suffix={
            <Text as="span" numeric>
              {`${(timeoutMs / 1000).toFixed(1)} s`}
            </Text>
          }
          onChange={(value) => onChange({ timeoutMs: Array.isArray(value) ? value[0] : value })}
          error={errors.timeoutMs}
        />
        <Checkbox
          label="Always let verified search engines in"
          helpText="Googlebot, Bingbot and other search engines' crawlers whose addresses check out against the ranges their engines publish pass every country, ISP/ASN, VPN and bot rule; only an IP block list entry stops them. Turning this off can drop your store from search results and Google Merchant Center."
          checked={allowVerifiedCrawlers}
          onChange={(checked) => onChange({ allowVerifiedCrawlers: checked })}
        />
        <Select
          label="Keep visitor logs for"
          options={retentionOptions(maxRetentionHours, retentionHours)}
          value={String(retentionHours)}
          onChange={(value) => onChange({ logRetentionHours: Number(value) })}
          helpText={`Your plan keeps visitor logs for at most ${retentionLabel(maxRetentionHours)}.`}
          error={errors.logRetentionHours}
        />
      </BlockStack>
    </Card>
  );
}
