// /fw-accessLog, Realtime Access Log: every request the firewall answered for the shop, the
// newest on top as they happen (a live tail that can be paused and resumed), the history
// below a page at a time, filters (address or a blocked shopper's reference, country, status,
// blocked only), and a row's
// menu to block its address, network or URL. Part of the Firewall (Premium): on Free the
// page explains it and leads to the subscription page.
import { useState } from 'react';
import {
  Badge,
  BlockStack,
  Box,
  Button,
  Card,
  Checkbox,
  EmptyState,
  IndexTable,
  InlineStack,
  Page,
  Text,
  TextField,
} from '@shopify/polaris';
import { SIGNED_AGENTS_NOTE, type FirewallAccessEntry } from '@gatehouse/contracts';
import { FirewallPaidPage } from '../../../components/entry-list/firewall-paid-page.js';
import { showToast } from '../../../lib/toast-store.js';
import { NO_FILTERS, readFilters, type FilterDraft } from '../access-log-rows.js';
import { useAccessLog, type LiveState } from '../api/use-access-log.js';
import { useBlockActions, type BlockTarget } from '../api/use-block-actions.js';
import { AccessLogRow } from './access-log-row.js';
import { pageTitles, paths } from '../../../lib/pages.js';

const TITLE = pageTitles.firewallAccessLog;

const STATES: Record<LiveState, { label: string; tone?: 'success' | 'attention' | 'info' }> = {
  live: { label: 'Live', tone: 'success' },
  connecting: { label: 'Connecting…', tone: 'info' },
  retrying: { label: 'Reconnecting…', tone: 'attention' },
  paused: { label: 'Paused' },
};

export function AccessLogPage() {
  return (
    <FirewallPaidPage
      title={TITLE}
      intro="Watch every request to your domain as the firewall answers it:"
      items={[
        'who asked for what, from where, and what the firewall did, within two seconds;',
        'block an address, a network or a URL from the request itself.',
      ]}
      editor={() => <AccessLog />}
    />
  );
}

function AccessLog() {
  const [draft, setDraft] = useState<FilterDraft>(NO_FILTERS);
  const [applied, setApplied] = useState<Record<string, string>>({});
  const [paused, setPaused] = useState(false);
  const read = readFilters(draft);
  const errors = 'errors' in read ? read.errors : {};
  const log = useAccessLog(applied, paused);
  const actions = useBlockActions();
  const state = STATES[log.state];

  const apply = () => {
    if ('query' in read) setApplied(read.query);
  };
  const onBlock = async (target: BlockTarget, entry: FirewallAccessEntry) => {
    const message = await actions.block(target, entry);
    if (message) showToast(message);
  };
  const filtered = Object.keys(applied).length > 0;

  return (
    <Page
      title={TITLE}
      titleMetadata={<Badge {...(state.tone ? { tone: state.tone } : {})}>{state.label}</Badge>}
      primaryAction={{
        content: paused ? 'Resume' : 'Pause',
        onAction: () => setPaused(!paused),
      }}
    >
      <BlockStack gap="400">
        <Card>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              apply();
            }}
          >
            <BlockStack gap="300">
              <InlineStack gap="300" blockAlign="start" wrap>
                <Box minWidth="12rem">
                  <TextField
                    label="IP address or reference"
                    value={draft.ip}
                    onChange={(ip) => setDraft({ ...draft, ip })}
                    error={errors.ip}
                    autoComplete="off"
                    placeholder="203.0.113.7 or 1KQ7M-2X9DA"
                  />
                </Box>
                <Box minWidth="8rem">
                  <TextField
                    label="Country code"
                    value={draft.country}
                    onChange={(country) => setDraft({ ...draft, country })}
                    error={errors.country}
                    autoComplete="off"
                    placeholder="DE"
                    maxLength={2}
                  />
                </Box>
                <Box minWidth="8rem">
                  <TextField
                    label="Status"
                    value={draft.status}
                    onChange={(status) => setDraft({ ...draft, status })}
                    error={errors.status}
                    autoComplete="off"
                    placeholder="403"
                    inputMode="numeric"
                    maxLength={3}
                  />
                </Box>
              </InlineStack>
              <InlineStack gap="300" blockAlign="center" align="space-between">
                <Checkbox
                  label="Blocked only"
                  checked={draft.blocked}
                  onChange={(blocked) => setDraft({ ...draft, blocked })}
                />
                <InlineStack gap="200">
                  {filtered && (
                    <Button
                      onClick={() => {
                        setDraft(NO_FILTERS);
                        setApplied({});
                      }}
                    >
                      Clear filters
                    </Button>
                  )}
                  <Button submit variant="primary" disabled={'errors' in read}>
                    Apply filters
                  </Button>
                </InlineStack>
              </InlineStack>
            </BlockStack>
          </form>
        </Card>
        <Card padding="0">
          {log.settled && log.rows.length === 0 ? (
            <EmptyState
              heading={filtered ? 'No requests match these filters' : 'No requests yet'}
              image=""
              {...(filtered
                ? {}
                : { action: { content: 'Open Firewall Settings', url: paths.firewallSettings } })}
            >
              <Text as="p" tone="subdued">
                {filtered
                  ? 'Try other filters, or wait: new requests appear here as they happen.'
                  : 'Requests to your domain appear here within two seconds once it points at the firewall.'}
              </Text>
            </EmptyState>
          ) : (
            <IndexTable
              resourceName={{ singular: 'request', plural: 'requests' }}
              itemCount={log.rows.length}
              selectable={false}
              loading={log.loading}
              headings={[
                { title: 'Time' },
                { title: 'IP address' },
                { title: 'Country' },
                { title: 'Network' },
                { title: 'Request' },
                { title: 'Status' },
                { title: 'Rule' },
                { title: 'Size' },
                { title: 'Time taken' },
                { title: 'Actions', hidden: true },
              ]}
            >
              {log.rows.map((entry, index) => (
                <AccessLogRow key={entry.id} entry={entry} index={index} onBlock={onBlock} />
              ))}
            </IndexTable>
          )}
        </Card>
        {log.rows.some((entry) => entry.signedAgent) && (
          // Cards reach the phone's edges; the text keeps a margin there.
          <Box paddingInline={{ xs: '400', sm: '0' }}>
            <Text as="p" tone="subdued">
              {SIGNED_AGENTS_NOTE}
            </Text>
          </Box>
        )}
        {log.hasOlder && (
          <InlineStack align="center">
            <Button onClick={() => void log.loadOlder()} loading={log.loadingOlder}>
              Load older requests
            </Button>
          </InlineStack>
        )}
      </BlockStack>
    </Page>
  );
}
