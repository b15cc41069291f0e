// /asnBlocker: the list of blocked ASNs and ISP names (added and removed at
// once) and the action and monitor mode of the whole list, saved with the contextual save
// bar. A paid feature: on Free the page explains it and leads to the subscription page.
import { useMemo, useState } from 'react';
import { BlockStack, Card, Layout, Page, SkeletonBodyText, Text } from '@shopify/polaris';
import { useAppState } from '../../../lib/app-state.js';
import { showToast } from '../../../lib/toast-store.js';
import { useSaveBarForm } from '../../../lib/use-save-bar-form.js';
import { SaveBar } from '../../../components/save-bar.js';
import { useAsnBlocker } from '../api/use-asn-blocker.js';
import { useSaveAsnBlocker } from '../api/use-save-asn-blocker.js';
import { formError, toForm, toSettings } from '../asn-blocker-form.js';
import { AddAsnEntryForm } from './add-asn-entry-form.js';
import { RuleActionCard } from '../../../components/rule-action-card.js';
import { AsnEntriesTable } from './asn-entries-table.js';
import { AsnUpgradeCard } from './asn-upgrade-card.js';

const TITLE = 'ISP/ASN Blocker';

function Loading() {
  return (
    <Page title={TITLE}>
      <Card>
        <SkeletonBodyText lines={6} />
      </Card>
    </Page>
  );
}

export function AsnBlockerPage() {
  const { account, isPro } = useAppState();
  const [upgrade, setUpgrade] = useState(false);
  if (account === undefined) return <Loading />;
  if (!isPro || upgrade) {
    return (
      <Page title={TITLE}>
        <AsnUpgradeCard />
      </Page>
    );
  }
  return <AsnBlockerEditor onUpgrade={() => setUpgrade(true)} />;
}

function AsnBlockerEditor({ onUpgrade }: { onUpgrade: () => void }) {
  const query = useAsnBlocker();
  const saveAsnBlocker = useSaveAsnBlocker();
  const { action, monitor } = query.data;
  // Only the settings are edited here: adding or removing an entry leaves unsaved edits alone.
  const saved = useMemo(() => toForm({ action, monitor }), [action, monitor]);
  const { draft, change, showErrors, revealErrors, saveBar } = useSaveBarForm(saved, {
    invalid: (form) => Boolean(formError(form)),
    submit: (form) => saveAsnBlocker.call(toSettings(form)),
    onSaved: () => showToast('ISP/ASN Blocker saved'),
  });

  if (draft === undefined || query.isLoading) return <Loading />;
  const { entries, limit } = query.data;

  return (
    <Page
      title={TITLE}
      subtitle={`${entries.length.toLocaleString('en-US')} of ${limit.toLocaleString('en-US')} ASNs and ISP names`}
    >
      <SaveBar {...saveBar} />
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="400">
                <Text as="p">
                  Block visitors by the network they come from: its autonomous system number (ASN),
                  or the name of the ISP or hosting company that runs it. Hosting and data centre
                  networks are where most scrapers and bots come from. Addresses on your allow list
                  still get in; the IP Blocker and the Country Blocker are checked first.
                </Text>
                <AddAsnEntryForm onUpgrade={onUpgrade} />
              </BlockStack>
            </Card>
            <Card padding="0">
              <AsnEntriesTable entries={entries} readAt={query.readAt} loading={query.isFetching} />
            </Card>
            <RuleActionCard
              title="When a visitor comes from a blocked network"
              monitorHelp="Try the list first: visits it would block are recorded in the visitor log, and nobody is blocked."
              form={draft}
              urlError={showErrors ? formError(draft) : undefined}
              onChange={change}
              onUrlBlur={revealErrors}
            />
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
