// The Bot Blocker's categories: what each holds (with the first agents it lists, and the whole
// table of them with this week's visits on request, across the card below the category), the
// visits it decided and when last, and its mode (block, monitor only, off), edited in the
// page's draft.
import { useState } from 'react';
import {
  BlockStack,
  Box,
  Button,
  Card,
  Divider,
  InlineStack,
  Link,
  Select,
  Text,
} from '@shopify/polaris';
import {
  botCategoryInfo,
  botReachText,
  type BotCategory,
  type BotCategoryView,
  type BotMode,
} from '@gatehouse/contracts';
import { lastHitText } from '../../../lib/relative-time.js';
import { agentsSummary } from '../bot-blocker-form.js';
import { CategoryAgentsTable } from './category-agents-table.js';
import { accessRequestsText, useAccessRequestCounts } from '../../../lib/access-request-counts.js';

const MODE_OPTIONS: { label: string; value: BotMode }[] = [
  { label: 'Block', value: 'block' },
  { label: 'Monitor only', value: 'monitor' },
  { label: 'Off', value: 'off' },
];

export function BotCategoriesCard({
  categories,
  modes,
  readAt,
  onChange,
}: {
  /** As stored: hits, last hit and listed agents. */
  categories: BotCategoryView[];
  /** As edited. */
  modes: Record<BotCategory, BotMode>;
  readAt: number;
  onChange: (category: BotCategory, mode: BotMode) => void;
}) {
  const [opened, setOpened] = useState<BotCategory | null>(null);
  const requestCounts = useAccessRequestCounts();
  return (
    <Card>
      <BlockStack gap="400">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            Categories
          </Text>
          <Text as="p" tone="subdued">
            Each visitor’s browser sends a user agent, a name for itself. Block a category, or
            monitor it first: visits it would block are recorded in the visitor log as “Would block”
            and the visitor gets in.
          </Text>
          <Text as="p" tone="subdued">
            The storefront’s check runs as a script in the visitor’s browser, and most bots run no
            JavaScript: they fetch the page without ever running it. The firewall checks every
            request before your store answers; turn it on in{' '}
            <Link url="/firewallSettings">Firewall Settings</Link> to stop them.
          </Text>
        </BlockStack>
        {categories.map((category, index) => {
          const info = botCategoryInfo[category.id];
          const agents = category.agents.map((a) => a.replace(/\/$/, ''));
          return (
            <BlockStack gap="400" key={category.id}>
              {index > 0 && <Divider />}
              <InlineStack align="space-between" blockAlign="start" gap="400" wrap>
                <Box maxWidth="560px">
                  <BlockStack gap="100">
                    <Text as="h3" variant="headingSm">
                      {info.name}
                    </Text>
                    <Text as="p">{info.description}</Text>
                    <Text as="p" tone="subdued">
                      {botReachText[info.reach]}
                    </Text>
                    {agents.length > 0 && (
                      <Text as="p" tone="subdued">
                        {agentsSummary(agents)}
                      </Text>
                    )}
                    {agents.length > 0 && (
                      <InlineStack>
                        <Button
                          variant="plain"
                          disclosure={opened === category.id ? 'up' : 'down'}
                          onClick={() => setOpened(opened === category.id ? null : category.id)}
                        >
                          {opened === category.id
                            ? 'Hide its agents'
                            : `See its ${agents.length} agents and this week’s visits`}
                        </Button>
                      </InlineStack>
                    )}
                    {category.ruleId && accessRequestsText(requestCounts[category.ruleId]) && (
                      <Text as="p" tone="caution">
                        {`${accessRequestsText(requestCounts[category.ruleId])}: shoppers this category turned away asked to be let in. The visitor log lists them.`}
                      </Text>
                    )}
                    <Text as="p" tone="subdued">
                      {category.hits === 0
                        ? 'No visits decided yet'
                        : `${category.hits.toLocaleString('en-US')} ${category.hits === 1 ? 'visit' : 'visits'} decided, last ${lastHitText(category.lastHitAt, readAt)}`}
                    </Text>
                  </BlockStack>
                </Box>
                <Box minWidth="160px">
                  <Select
                    label={info.name}
                    labelHidden
                    options={MODE_OPTIONS}
                    value={modes[category.id]}
                    onChange={(mode) => onChange(category.id, mode as BotMode)}
                  />
                </Box>
              </InlineStack>
              {opened === category.id && (
                <CategoryAgentsTable category={category.id} name={info.name} />
              )}
            </BlockStack>
          );
        })}
      </BlockStack>
    </Card>
  );
}
