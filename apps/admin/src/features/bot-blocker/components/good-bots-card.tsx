// The good bots: link-preview fetchers of messengers and social networks and the platform's
// own apps, which no category ever catches. Each is let in unless the merchant blocks or
// monitors it by name here, edited in the page's draft; the list opens in full on request. On
// a narrow screen each bot is one stacked row, so its visits and its mode stay in view.
import { useState } from 'react';
import {
  BlockStack,
  Box,
  Button,
  Card,
  IndexTable,
  Select,
  Text,
  useBreakpoints,
} from '@shopify/polaris';
import type { GoodBotMode, GoodBotView } from '@gatehouse/contracts';
import { lastHitText } from '../../../lib/relative-time.js';
import { AgentName } from './agent-name.js';

const MODE_OPTIONS: { label: string; value: GoodBotMode }[] = [
  { label: 'Let in', value: 'allow' },
  { label: 'Block', value: 'block' },
  { label: 'Monitor only', value: 'monitor' },
];

/** The bots shown before the merchant opens the whole list. */
const FIRST = 10;

export function GoodBotsCard({
  goodBots,
  modes,
  readAt,
  onChange,
}: {
  goodBots: GoodBotView[];
  /** As edited. */
  modes: Record<string, GoodBotMode>;
  readAt: number;
  onChange: (name: string, mode: GoodBotMode) => void;
}) {
  const { smDown } = useBreakpoints();
  const [all, setAll] = useState(false);
  const shown = all ? goodBots : goodBots.slice(0, FIRST);
  const visits = (bot: GoodBotView) =>
    bot.hits === 0
      ? 'None yet'
      : `${bot.hits.toLocaleString('en-US')}, last ${lastHitText(bot.lastHitAt, readAt)}`;
  const mode = (bot: GoodBotView) => (
    <Select
      label={`${bot.name}: let in, block or monitor`}
      labelHidden
      options={MODE_OPTIONS}
      value={modes[bot.name] ?? 'allow'}
      onChange={(value) => onChange(bot.name, value as GoodBotMode)}
    />
  );
  return (
    <Card padding="0">
      <BlockStack gap="0">
        <Box padding="400">
          <BlockStack gap="100">
            <Text as="h2" variant="headingMd">
              Good bots
            </Text>
            <Text as="p" tone="subdued">
              Link previews (Facebook, WhatsApp, X, Slack, LinkedIn, Pinterest, iMessage, Discord,
              Telegram) and Shopify’s own apps fetch your pages when someone shares a link or your
              staff open the store. No category ever blocks them; block one here by name if you
              must.
            </Text>
          </BlockStack>
        </Box>
        <IndexTable
          resourceName={{ singular: 'good bot', plural: 'good bots' }}
          itemCount={shown.length}
          selectable={false}
          condensed={smDown}
          headings={[
            { title: 'Bot' },
            { title: 'Run by' },
            { title: 'Visits decided' },
            { title: 'Mode' },
          ]}
        >
          {shown.map((bot, index) =>
            smDown ? (
              <IndexTable.Row id={bot.name} key={bot.name} position={index}>
                <Box paddingBlock="300" paddingInline="400">
                  <BlockStack gap="200">
                    <AgentName agent={bot} showOwner wrap />
                    <Text as="span">Visits decided: {visits(bot)}</Text>
                    {mode(bot)}
                  </BlockStack>
                </Box>
              </IndexTable.Row>
            ) : (
              <IndexTable.Row id={bot.name} key={bot.name} position={index}>
                <IndexTable.Cell>
                  <AgentName agent={bot} wrap />
                </IndexTable.Cell>
                <IndexTable.Cell>{bot.owner || '—'}</IndexTable.Cell>
                <IndexTable.Cell>{visits(bot)}</IndexTable.Cell>
                <IndexTable.Cell>{mode(bot)}</IndexTable.Cell>
              </IndexTable.Row>
            ),
          )}
        </IndexTable>
        {goodBots.length > FIRST && (
          <Box padding="400">
            <Button variant="plain" onClick={() => setAll(!all)}>
              {all ? `Show the first ${FIRST}` : `Show all ${goodBots.length} good bots`}
            </Button>
          </Box>
        )}
      </BlockStack>
    </Card>
  );
}
