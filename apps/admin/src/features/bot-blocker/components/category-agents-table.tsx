// A listed category's agents, opened from its card: each agent's name and what it does, who
// runs it, and the store's visits by it in the last seven days, the agents seen first, a page
// at a time. On a narrow screen each agent is one stacked row.
import { useState } from 'react';
import { BlockStack, Box, IndexTable, Text, useBreakpoints } from '@shopify/polaris';
import type { BotAgentView, BotCategory } from '@gatehouse/contracts';
import { PageNumbers } from '../../../components/page-numbers.js';
import { useBotAgents } from '../api/use-bot-agents.js';
import { AgentName } from './agent-name.js';

const seenText = (agent: BotAgentView) =>
  agent.seenThisWeek === 0 ? 'Not seen' : agent.seenThisWeek.toLocaleString('en-US');

export function CategoryAgentsTable({ category, name }: { category: BotCategory; name: string }) {
  const { smDown } = useBreakpoints();
  const [page, setPage] = useState(1);
  const { data, isFetching, isSettled } = useBotAgents(category, page);
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const seen = data.agents.filter((agent) => agent.seenThisWeek > 0).length;
  return (
    <BlockStack gap="200">
      <Text as="p" tone="subdued">
        {!isSettled
          ? `Reading the agents of ${name}…`
          : `${data.total.toLocaleString('en-US')} agents; visits counted over the last 7 days from your visitor log${data.partial ? ', of its newest 100,000 visits in this category' : ''}.${page === 1 && seen === 0 ? ' None of them visited this week.' : ''}`}
      </Text>
      <IndexTable
        resourceName={{ singular: 'agent', plural: 'agents' }}
        itemCount={data.agents.length}
        selectable={false}
        condensed={smDown}
        loading={isFetching && data.agents.length === 0}
        emptyState={<div />}
        headings={[
          { title: 'Agent' },
          { title: 'Run by' },
          { title: 'Seen this week', alignment: 'end' },
        ]}
      >
        {data.agents.map((agent, index) =>
          smDown ? (
            <IndexTable.Row id={agent.name} key={agent.name} position={index}>
              <Box paddingBlock="300" paddingInline="400">
                <BlockStack gap="100">
                  <AgentName agent={agent} showOwner wrap />
                  <Text as="span">Seen this week: {seenText(agent)}</Text>
                </BlockStack>
              </Box>
            </IndexTable.Row>
          ) : (
            <IndexTable.Row id={agent.name} key={agent.name} position={index}>
              <IndexTable.Cell>
                <AgentName agent={agent} wrap />
              </IndexTable.Cell>
              <IndexTable.Cell>{agent.owner || '—'}</IndexTable.Cell>
              <IndexTable.Cell>
                <Text as="span" alignment="end" numeric>
                  {seenText(agent)}
                </Text>
              </IndexTable.Cell>
            </IndexTable.Row>
          ),
        )}
      </IndexTable>
      <PageNumbers page={page} pages={pages} onPage={setPage} />
    </BlockStack>
  );
}
