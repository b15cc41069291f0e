// Above the visitor log: the access requests blocked shoppers sent from the block page, newest
// first, each with the rule that blocked its visit (as the log names it, linked to the rule's
// page), the visit itself (the reference finds it in the log below) and a one-click allow of
// the address. Nothing is shown while no shopper has asked.
import { Badge, BlockStack, Box, Button, Card, InlineStack, Link, Text } from '@shopify/polaris';
import type { AccessRequestView } from '@gatehouse/contracts';
import { relativeTime } from '../../../lib/relative-time.js';
import { showToast } from '../../../lib/toast-store.js';
import { useAccessRequests, useAllowAccessRequest } from '../api/use-access-requests.js';

/** The rule that blocked the visit, named and linked as the visitor log names it. */
function BlockingRule({ rule }: { rule: AccessRequestView['rule'] }) {
  if (!rule) {
    return (
      <Text as="p" variant="bodySm" tone="subdued">
        The visit is not in the visitor log, so the rule that blocked it is not known.
      </Text>
    );
  }
  return (
    <Text as="p" variant="bodySm" breakWord>
      {'Blocked by '}
      <Link url={rule.page} removeUnderline>
        {rule.label}
      </Link>
    </Text>
  );
}

function RequestRow({
  request,
  onShowVisit,
}: {
  request: AccessRequestView;
  onShowVisit: (reference: string) => void;
}) {
  const allow = useAllowAccessRequest();
  const allowIp = async () => {
    const outcome = await allow.call({ id: request.id });
    if (outcome.result) showToast(outcome.data.message);
  };
  return (
    <Box padding="300" borderBlockStartWidth="025" borderColor="border">
      <BlockStack gap="100">
        <InlineStack gap="200" align="space-between" blockAlign="center" wrap>
          <Text as="span" fontWeight="semibold" breakWord>
            {request.email}
          </Text>
          {request.allowedAt ? (
            <Badge tone="success">Allowed</Badge>
          ) : (
            <Button size="slim" loading={allow.isPending} onClick={() => void allowIp()}>
              {`Allow ${request.ip}`}
            </Button>
          )}
        </InlineStack>
        <Text as="p" breakWord>
          {request.message}
        </Text>
        <BlockingRule rule={request.rule} />
        <InlineStack gap="200" blockAlign="center" wrap>
          <Text as="span" variant="bodySm" tone="subdued">
            {`${relativeTime(request.sentAt)} · ${request.ip} · reference`}
          </Text>
          <Button variant="plain" onClick={() => onShowVisit(request.reference)}>
            {request.reference}
          </Button>
        </InlineStack>
      </BlockStack>
    </Box>
  );
}

export function AccessRequestsCard({ onShowVisit }: { onShowVisit: (reference: string) => void }) {
  const { data } = useAccessRequests();
  if (data.requests.length === 0) return null;
  return (
    <Card padding="0">
      <Box padding="300">
        <InlineStack gap="200" blockAlign="center">
          <Text as="h2" variant="headingMd">
            Access requests
          </Text>
          {data.open > 0 && <Badge tone="attention">{`${data.open} open`}</Badge>}
        </InlineStack>
        <Text as="p" variant="bodySm" tone="subdued">
          Shoppers your rules blocked asked to be let in. Allowing one adds the address to the IP
          allow list.
        </Text>
      </Box>
      {data.requests.map((request) => (
        <RequestRow key={request.id} request={request} onShowVisit={onShowVisit} />
      ))}
    </Card>
  );
}
