// /referrerBlocker: the list of blocked referrer domains (added and removed at once) and the
// action and monitor mode of the whole list, saved with the contextual save bar. A paid
// feature: on Free the page explains it and leads to the subscription page.
import { useMemo, useState } from 'react';
import { BlockStack, Card, Layout, Page, SkeletonBodyText, Text } from '@shopify/polaris';
import { useAppState } from '../../../lib/app-state.js';
import { showToast } from '../../../lib/toast-store.js';
import { useSaveBarForm } from '../../../lib/use-save-bar-form.js';
import { SaveBar } from '../../../components/save-bar.js';
import { RuleActionCard } from '../../../components/rule-action-card.js';
import { formError, toForm, toSettings } from '../../../components/rule-action-form.js';
import { useReferrerBlocker } from '../api/use-referrer-blocker.js';
import { useSaveReferrerBlocker } from '../api/use-save-referrer-blocker.js';
import { AddReferrerEntriesForm } from './add-referrer-entries-form.js';
import { ReferrerEntriesTable } from './referrer-entries-table.js';
import { ReferrerUpgradeCard } from './referrer-upgrade-card.js';

const TITLE = 'Referrer Blocker';

function Loading() {
  return (
    <Page title={TITLE}>
      <Card>
        <SkeletonBodyText lines={6} />
      </Card>
    </Page>
  );
}

export function ReferrerBlockerPage() {
  const { account, isPro } = useAppState();
  const [upgrade, setUpgrade] = useState(false);
  if (account === undefined) return <Loading />;
  if (!isPro || upgrade) {
    return (
      <Page title={TITLE}>
        <ReferrerUpgradeCard />
      </Page>
    );
  }
  return <ReferrerBlockerEditor onUpgrade={() => setUpgrade(true)} />;
}

function ReferrerBlockerEditor({ onUpgrade }: { onUpgrade: () => void }) {
  const query = useReferrerBlocker();
  const saveReferrerBlocker = useSaveReferrerBlocker();
  const { action, monitor } = query.data;
  // Only the settings are edited here: adding or removing an entry leaves unsaved edits alone.
  const saved = useMemo(() => toForm({ action, monitor }), [action, monitor]);
  const { draft, change, showErrors, revealErrors, saveBar } = useSaveBarForm(saved, {
    invalid: (form) => Boolean(formError(form)),
    submit: (form) => saveReferrerBlocker.call(toSettings(form)),
    onSaved: () => showToast('Referrer Blocker saved'),
  });

  if (draft === undefined || query.isLoading) return <Loading />;
  const { entries, limit } = query.data;

  return (
    <Page
      title={TITLE}
      subtitle={`${entries.length.toLocaleString('en-US')} of ${limit.toLocaleString('en-US')} domains`}
    >
      <SaveBar {...saveBar} />
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="400">
                <Text as="p">
                  Block visitors by the site that sent them to your store: spam and fake-traffic
                  sites, or pages that link to you and should not. The referrer is the address the
                  visitor’s browser reports; visitors who arrive directly are never matched.
                  Addresses on your allow list still get in; the IP, Country and ISP/ASN Blockers
                  are checked first.
                </Text>
                <AddReferrerEntriesForm onUpgrade={onUpgrade} />
              </BlockStack>
            </Card>
            <Card padding="0">
              <ReferrerEntriesTable
                entries={entries}
                readAt={query.readAt}
                loading={query.isFetching}
              />
            </Card>
            <RuleActionCard
              title="When a visitor comes from a blocked site"
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
