// One request of the Realtime Access Log: when, who (address, and the agent when its request
// signature was verified; country, network), what (method
// and URL), the answer (status, what the firewall did and the rule), its size and time taken,
// and the row's menu to block the address, the network or the URL.
import { useState } from 'react';
import {
  ActionList,
  Badge,
  BlockStack,
  Box,
  Button,
  IndexTable,
  InlineStack,
  Popover,
  Text,
} from '@shopify/polaris';
import { MenuHorizontalIcon } from '@shopify/polaris-icons';
import { signedAgentLabel, type FirewallAccessEntry } from '@gatehouse/contracts';
import { CountryFlag } from '../../../components/country-flag.js';
import { ACTION_LABELS, sizeLabel } from '../access-log-rows.js';
import type { BlockTarget } from '../api/use-block-actions.js';

interface Props {
  entry: FirewallAccessEntry;
  index: number;
  onBlock: (target: BlockTarget, entry: FirewallAccessEntry) => void;
}

const tone = (action: FirewallAccessEntry['action']) =>
  action === 'allow' ? 'success' : action === 'redirect' ? 'info' : 'critical';

const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

export function AccessLogRow({ entry, index, onBlock }: Props) {
  const [open, setOpen] = useState(false);
  const choose = (target: BlockTarget) => {
    setOpen(false);
    onBlock(target, entry);
  };
  return (
    <IndexTable.Row id={entry.id} position={index}>
      <IndexTable.Cell>
        <Text as="span" variant="bodySm">
          {timeOf(entry.time)}
        </Text>
      </IndexTable.Cell>
      <IndexTable.Cell>
        {entry.signedAgent ? (
          <BlockStack gap="050" inlineAlign="start">
            <span>{entry.ip}</span>
            <Badge tone="info">{signedAgentLabel(entry.signedAgent)}</Badge>
          </BlockStack>
        ) : (
          entry.ip
        )}
      </IndexTable.Cell>
      <IndexTable.Cell>
        {entry.country ? (
          <InlineStack gap="100" blockAlign="center" wrap={false}>
            <CountryFlag code={entry.country} />
            <span>{entry.country}</span>
          </InlineStack>
        ) : (
          '—'
        )}
      </IndexTable.Cell>
      <IndexTable.Cell>{entry.asn === null ? '—' : `AS${entry.asn}`}</IndexTable.Cell>
      <IndexTable.Cell>
        <Box maxWidth="18rem">
          <Text as="span" truncate>
            {`${entry.method} ${entry.url}`}
          </Text>
        </Box>
      </IndexTable.Cell>
      <IndexTable.Cell>
        <InlineStack gap="100" blockAlign="center" wrap={false}>
          <span>{entry.status}</span>
          <Badge tone={tone(entry.action)}>{ACTION_LABELS[entry.action]}</Badge>
        </InlineStack>
      </IndexTable.Cell>
      <IndexTable.Cell>{entry.rule ?? '—'}</IndexTable.Cell>
      <IndexTable.Cell>{sizeLabel(entry.bytes)}</IndexTable.Cell>
      <IndexTable.Cell>{`${entry.durationMs} ms`}</IndexTable.Cell>
      <IndexTable.Cell>
        <Popover
          active={open}
          onClose={() => setOpen(false)}
          preferredAlignment="right"
          activator={
            <Button
              variant="tertiary"
              icon={MenuHorizontalIcon}
              accessibilityLabel={`Actions for ${entry.ip} ${entry.method} ${entry.url}`}
              onClick={() => setOpen(!open)}
            />
          }
        >
          <ActionList
            actionRole="menuitem"
            items={[
              { content: `Block IP ${entry.ip}`, onAction: () => choose('ip') },
              ...(entry.asn === null
                ? []
                : [{ content: `Block network AS${entry.asn}`, onAction: () => choose('asn') }]),
              { content: 'Block this URL', onAction: () => choose('url') },
            ]}
          />
        </Popover>
      </IndexTable.Cell>
    </IndexTable.Row>
  );
}
