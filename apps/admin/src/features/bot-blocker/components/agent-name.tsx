// An agent as the Bot Blocker's tables name it: its name, what it does, and who runs it where
// Gatehouse's own list names an operator; an agent taken from the public list shows the host
// of that list's reference page instead, which is not always its operator.
import { BlockStack, Text } from '@shopify/polaris';

/** The reason as a sentence: its first letter in capitals. */
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function AgentName({
  agent,
  showOwner = false,
  wrap = false,
}: {
  agent: { name: string; why: string; owner: string; reference: string };
  /** Say the operator here too (narrow screens, where there is no column for it). */
  showOwner?: boolean;
  /** Break the lines inside a table cell, which keeps its text on one line otherwise. */
  wrap?: boolean;
}) {
  const lines = (
    <BlockStack gap="050">
      <Text as="span" fontWeight="semibold">
        {agent.name.replace(/\/$/, '')}
      </Text>
      <Text as="span" tone="subdued">
        {sentence(agent.why)}
      </Text>
      {showOwner && agent.owner !== '' && (
        <Text as="span" tone="subdued">
          Run by {agent.owner}
        </Text>
      )}
      {agent.reference !== '' && (
        <Text as="span" tone="subdued">
          Reference: {agent.reference}
        </Text>
      )}
    </BlockStack>
  );
  return wrap ? <div style={{ whiteSpace: 'normal', maxWidth: '26rem' }}>{lines}</div> : lines;
}
