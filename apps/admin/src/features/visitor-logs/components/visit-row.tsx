// One visit in the log table: when (relative, the exact time on hover), who (IP, country,
// place, network, device), what (page, referrer), and what Gatehouse did and why, with the
// row's quick actions in a menu.
import {
  ActionList,
  Badge,
  Button,
  IndexTable,
  InlineStack,
  Link,
  Popover,
  Text,
  Tooltip,
} from '@shopify/polaris';
import { MenuHorizontalIcon } from '@shopify/polaris-icons';
import type { VisitView } from '@gatehouse/contracts';
import { actionBadge, decidingRule } from '../../../lib/decision-labels.js';
import { CountryFlag } from '../../../components/country-flag.js';
import { relativeTime } from '../../../lib/relative-time.js';
import type { QuickActionChoice } from '../quick-actions.js';
import { quickActionsFor } from '../quick-actions.js';
import {
  absoluteTime,
  countryLabel,
  deviceLabel,
  networkLabel,
  pagePath,
  placeLabel,
  referrerLabel,
} from '../visit-labels.js';

interface Props {
  visit: VisitView;
  index: number;
  now: number;
  menuOpen: boolean;
  onMenu: (open: boolean) => void;
  onQuickAction: (choice: QuickActionChoice) => void;
}

/** A cell that keeps to one line, the full text on hover. */
function Clipped({ text, width = '14rem' }: { text: string; width?: string }) {
  return (
    <Tooltip content={text} hoverDelay={400}>
      <span
        style={{
          display: 'inline-block',
          maxWidth: width,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          verticalAlign: 'bottom',
        }}
      >
        {text}
      </span>
    </Tooltip>
  );
}

export function VisitRow({ visit, index, now, menuOpen, onMenu, onQuickAction }: Props) {
  const badge = actionBadge(visit);
  const rule = decidingRule(visit);
  const country = countryLabel(visit.country);
  return (
    <IndexTable.Row id={visit.id} position={index}>
      <IndexTable.Cell>
        <Tooltip content={absoluteTime(visit.time)}>
          <Text as="span" variant="bodyMd">
            <time dateTime={visit.time}>{relativeTime(visit.time, now)}</time>
          </Text>
        </Tooltip>
      </IndexTable.Cell>
      <IndexTable.Cell>
        <Link url={`/iplookup/${encodeURIComponent(visit.ip)}`} removeUnderline>
          {visit.ip}
        </Link>
      </IndexTable.Cell>
      <IndexTable.Cell>
        <InlineStack gap="100" wrap={false} blockAlign="center">
          {visit.country && <CountryFlag code={visit.country} />}
          <span>{country}</span>
        </InlineStack>
      </IndexTable.Cell>
      <IndexTable.Cell>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </IndexTable.Cell>
      <IndexTable.Cell>
        {rule.url ? (
          <Link url={rule.url} removeUnderline>
            {rule.label}
          </Link>
        ) : (
          <Text as="span" tone="subdued">
            {rule.label}
          </Text>
        )}
      </IndexTable.Cell>
      <IndexTable.Cell>
        <Clipped text={placeLabel(visit)} width="10rem" />
      </IndexTable.Cell>
      <IndexTable.Cell>
        <Clipped text={networkLabel(visit)} width="12rem" />
      </IndexTable.Cell>
      <IndexTable.Cell>
        <Clipped text={pagePath(visit.url)} />
      </IndexTable.Cell>
      <IndexTable.Cell>
        <Clipped text={referrerLabel(visit.referrer)} width="10rem" />
      </IndexTable.Cell>
      <IndexTable.Cell>
        <Clipped text={deviceLabel(visit)} width="10rem" />
      </IndexTable.Cell>
      <IndexTable.Cell>
        <Popover
          active={menuOpen}
          onClose={() => onMenu(false)}
          preferredAlignment="right"
          activator={
            <Button
              variant="tertiary"
              icon={MenuHorizontalIcon}
              accessibilityLabel={`Actions for ${visit.ip}`}
              onClick={() => onMenu(!menuOpen)}
            />
          }
        >
          <ActionList
            actionRole="menuitem"
            items={quickActionsFor(visit).map((choice) => ({
              content: choice.label,
              destructive: choice.destructive,
              onAction: () => {
                onMenu(false);
                onQuickAction(choice);
              },
            }))}
          />
        </Popover>
      </IndexTable.Cell>
    </IndexTable.Row>
  );
}
