// One visit in the log table: when (relative, the exact time on hover), who (IP, country and
// place), what Gatehouse did and which rule decided, the page and where the visitor came from,
// the network and device (with badges for the network kinds, crawler verdict and bot category
// the visit was recorded with), and the row's quick actions in a menu. Each cell holds two short
// lines, so the six columns fit the card at 1280 px; on a phone the row is one stacked cell.
import type { ReactNode } from 'react';
import {
  ActionList,
  Badge,
  BlockStack,
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
import { networkBadges } from '../network-badges.js';
import {
  absoluteTime,
  countryLabel,
  deviceLabel,
  networkLabel,
  pagePath,
  placeLabel,
  referrerLabel,
  UNKNOWN,
} from '../visit-labels.js';

interface Props {
  visit: VisitView;
  index: number;
  now: number;
  /** A phone-sized screen: the row is one cell with its lines stacked. */
  condensed: boolean;
  menuOpen: boolean;
  onMenu: (open: boolean) => void;
  onQuickAction: (choice: QuickActionChoice) => void;
}

/** A line that keeps to the cell's width, the full text on hover. */
function Clipped({ text, width, subdued }: { text: string; width: string; subdued?: boolean }) {
  return (
    <Tooltip content={text} hoverDelay={400}>
      <span
        style={{
          display: 'block',
          maxWidth: width,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
      >
        <Text as="span" variant="bodyMd" tone={subdued ? 'subdued' : undefined}>
          {text}
        </Text>
      </span>
    </Tooltip>
  );
}

function Lines({ children }: { children: ReactNode }) {
  return <BlockStack gap="050">{children}</BlockStack>;
}

/** The network and agent badges; nothing for a visit without any. */
function NetworkBadges({ visit }: { visit: VisitView }) {
  const badges = networkBadges(visit);
  if (badges.length === 0) return null;
  return (
    <InlineStack gap="100">
      {badges.map((b) => (
        <Badge key={b.label} tone={b.tone} size="small">
          {b.label}
        </Badge>
      ))}
    </InlineStack>
  );
}

export function VisitRow(props: Props) {
  const { visit, index, now, condensed } = props;
  const badge = actionBadge(visit);
  const rule = decidingRule(visit);
  const place = placeLabel(visit);
  const where = [countryLabel(visit.country), place === UNKNOWN ? null : place]
    .filter(Boolean)
    .join(' · ');

  const time = (
    <Tooltip content={absoluteTime(visit.time)}>
      <Text as="span" variant="bodyMd" tone={condensed ? 'subdued' : undefined}>
        <time dateTime={visit.time}>{relativeTime(visit.time, now)}</time>
      </Text>
    </Tooltip>
  );
  const ip = (
    <Link url={`/iplookup/${encodeURIComponent(visit.ip)}`} removeUnderline>
      {visit.ip}
    </Link>
  );
  const from = (
    <InlineStack gap="100" wrap={false} blockAlign="center">
      {visit.country && <CountryFlag code={visit.country} />}
      <Clipped text={where} width={condensed ? '16rem' : '13rem'} subdued />
    </InlineStack>
  );
  const ruleLine = rule.url ? (
    <Link url={rule.url} removeUnderline>
      <Clipped text={rule.label} width={condensed ? '18rem' : '15rem'} />
    </Link>
  ) : (
    <Clipped text={rule.label} width={condensed ? '18rem' : '15rem'} subdued />
  );
  const menu = <QuickActionMenu {...props} />;

  if (condensed) {
    return (
      <IndexTable.Row id={visit.id} position={index}>
        <div style={{ padding: 'var(--p-space-300) var(--p-space-400)', width: '100%' }}>
          <BlockStack gap="100">
            <InlineStack align="space-between" blockAlign="center" wrap={false}>
              <InlineStack gap="200" blockAlign="center">
                {ip}
                <Badge tone={badge.tone}>{badge.label}</Badge>
              </InlineStack>
              {menu}
            </InlineStack>
            {from}
            {ruleLine}
            <Clipped text={pagePath(visit.url)} width="18rem" subdued />
            <NetworkBadges visit={visit} />
            {time}
          </BlockStack>
        </div>
      </IndexTable.Row>
    );
  }

  return (
    <IndexTable.Row id={visit.id} position={index}>
      <IndexTable.Cell>{time}</IndexTable.Cell>
      <IndexTable.Cell>
        <Lines>
          {ip}
          {from}
        </Lines>
      </IndexTable.Cell>
      <IndexTable.Cell>
        <Lines>
          <span>
            <Badge tone={badge.tone}>{badge.label}</Badge>
          </span>
          {ruleLine}
        </Lines>
      </IndexTable.Cell>
      <IndexTable.Cell>
        <Lines>
          <Clipped text={pagePath(visit.url)} width="14rem" />
          <Clipped text={referrerLabel(visit.referrer)} width="14rem" subdued />
        </Lines>
      </IndexTable.Cell>
      <IndexTable.Cell>
        <Lines>
          <Clipped text={networkLabel(visit)} width="12rem" />
          <Clipped text={deviceLabel(visit)} width="12rem" subdued />
          <NetworkBadges visit={visit} />
        </Lines>
      </IndexTable.Cell>
      <IndexTable.Cell>{menu}</IndexTable.Cell>
    </IndexTable.Row>
  );
}

function QuickActionMenu({ visit, menuOpen, onMenu, onQuickAction }: Props) {
  return (
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
  );
}
