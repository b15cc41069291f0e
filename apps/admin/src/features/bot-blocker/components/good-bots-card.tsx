// The good bots: link-preview fetchers of messengers and social networks and the platform's
// own apps, which no category ever catches. Each is let in unless the merchant blocks or
// monitors it by name here, edited in the page's draft; the list opens in full on request.
import { useState } from 'react';
import { BlockStack, Button, Card, DataTable, Select, Text } from '@shopify/polaris';
import type { GoodBotMode, GoodBotView } from '@gatehouse/contracts';
import { lastHitText } from '../../../lib/relative-time.js';

const MODE_OPTIONS: { label: string; value: GoodBotMode }[] = [
  { label: 'Let in', value: 'allow' },
  { label: 'Block', value: 'block' },
  { label: 'Monitor only', value: 'monitor' },
];

/** The reason as a sentence: its first letter in capitals. */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

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
  const [all, setAll] = useState(false);
  const shown = all ? goodBots : goodBots.slice(0, FIRST);
  const rows = shown.map((bot) => [
    <BlockStack gap="050" key="name">
      <Text as="span" fontWeight="semibold">
        {bot.name.replace(/\/$/, '')}
      </Text>
      <Text as="span" tone="subdued">
        {sentence(bot.why)}
      </Text>
    </BlockStack>,
    bot.owner || '—',
    bot.hits === 0
      ? 'None yet'
      : `${bot.hits.toLocaleString('en-US')}, last ${lastHitText(bot.lastHitAt, readAt)}`,
    <Select
      key="mode"
      label={`${bot.name}: let in, block or monitor`}
      labelHidden
      options={MODE_OPTIONS}
      value={modes[bot.name] ?? 'allow'}
      onChange={(mode) => onChange(bot.name, mode as GoodBotMode)}
    />,
  ]);
  return (
    <Card>
      <BlockStack gap="400">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            Good bots
          </Text>
          <Text as="p" tone="subdued">
            Link previews (Facebook, WhatsApp, X, Slack, LinkedIn, Pinterest, iMessage, Discord,
            Telegram) and Shopify’s own apps fetch your pages when someone shares a link or your
            staff open the store. No category ever blocks them; block one here by name if you must.
          </Text>
        </BlockStack>
        <DataTable
          columnContentTypes={['text', 'text', 'text', 'text']}
          headings={['Bot', 'Run by', 'Visits decided', 'Mode']}
          rows={rows}
          verticalAlign="middle"
        />
        {goodBots.length > FIRST && (
          <Button variant="plain" onClick={() => setAll(!all)}>
            {all ? `Show the first ${FIRST}` : `Show all ${goodBots.length} good bots`}
          </Button>
        )}
      </BlockStack>
    </Card>
  );
}
