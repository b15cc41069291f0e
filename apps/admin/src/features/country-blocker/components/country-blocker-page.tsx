// /regionBlocker (DESIGN.md §6): mode, countries, action and monitor mode, saved together with
// the contextual save bar. Blocking mainland China while the app embed is off brings up the
// China reminder; an empty whitelist shows the same critical banner as the dashboard.
import { useEffect, useMemo, useState } from 'react';
import { BlockStack, Card, Layout, Page, SkeletonBodyText } from '@shopify/polaris';
import type { CountryBlockerSettings } from '@gatehouse/contracts';
import { ChinaReminderDialog } from '../../../components/china-reminder-dialog.js';
import { EmptyWhitelistBanner } from '../../../components/empty-whitelist-banner.js';
import { SaveBar } from '../../../components/save-bar.js';
import { callApi } from '../../../lib/api-client.js';
import { apiQueryOptions, useApiQuery } from '../../../lib/api-query.js';
import { useAppState } from '../../../lib/app-state.js';
import { shouldShowChinaReminder } from '../../../lib/local-flags.js';
import { queryClient } from '../../../lib/query-client.js';
import { showToast } from '../../../lib/toast-store.js';
import { useDraft } from '../../../lib/use-draft.js';
import {
  DEFAULT_COUNTRY_BLOCKER,
  formError,
  toForm,
  toSettings,
  type CountryBlockerForm,
} from '../country-blocker-form.js';
import { blocksChina } from '../country-selection.js';
import { ActionCard } from './action-card.js';
import { CountryPicker } from './country-picker.js';
import { ModeCard } from './mode-card.js';

export function CountryBlockerPage() {
  const { isExtensionEnabled, shellLoaded } = useAppState();
  const query = useApiQuery('getCountryBlocker', {}, { defaultData: DEFAULT_COUNTRY_BLOCKER });
  const saved = useMemo(() => toForm(query.data), [query.data]);
  const { draft, dirty, update, discard } = useDraft<CountryBlockerForm>(saved);
  const [saving, setSaving] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const [chinaOpen, setChinaOpen] = useState(false);
  const [remindedOnLoad, setRemindedOnLoad] = useState(false);

  const remindIfChinaBlocked = (settings: CountryBlockerSettings) => {
    if (shouldShowChinaReminder(blocksChina(settings), isExtensionEnabled)) setChinaOpen(true);
  };

  // Opening the page with China already blocked reminds once, after the extension status is in.
  useEffect(() => {
    if (remindedOnLoad || !shellLoaded || !query.isSettled || query.isError) return;
    setRemindedOnLoad(true);
    if (shouldShowChinaReminder(blocksChina(query.data), isExtensionEnabled)) setChinaOpen(true);
  }, [remindedOnLoad, shellLoaded, query.isSettled, query.isError, query.data, isExtensionEnabled]);

  if (draft === undefined || query.isLoading) {
    return (
      <Page title="Country Blocker">
        <Card>
          <SkeletonBodyText lines={6} />
        </Card>
      </Page>
    );
  }

  const change = (partial: Partial<CountryBlockerForm>) =>
    update((current) => ({ ...current, ...partial }));
  const error = formError(draft);

  const save = async () => {
    if (error) {
      setShowErrors(true);
      return;
    }
    setSaving(true);
    const outcome = await callApi('saveCountryBlocker', toSettings(draft));
    setSaving(false);
    if (!outcome.result) return;
    setShowErrors(false);
    queryClient.setQueryData(apiQueryOptions('getCountryBlocker', {}).queryKey, outcome.data);
    void queryClient.invalidateQueries({ queryKey: ['checkEmptyWhiteLists'] });
    showToast('Country Blocker saved');
    remindIfChinaBlocked(outcome.data);
  };

  return (
    <Page title="Country Blocker">
      <SaveBar
        dirty={dirty}
        saving={saving}
        onSave={() => void save()}
        onDiscard={() => {
          discard();
          setShowErrors(false);
        }}
      />
      <Layout>
        {draft.mode === 'whitelist' && draft.countries.length === 0 && (
          <Layout.Section>
            <EmptyWhitelistBanner withAction={false} />
          </Layout.Section>
        )}
        <Layout.Section>
          <BlockStack gap="400">
            <ModeCard mode={draft.mode} onChange={(mode) => change({ mode })} />
            <CountryPicker
              mode={draft.mode}
              selected={draft.countries}
              onChange={(countries) => change({ countries })}
            />
            <ActionCard
              form={draft}
              urlError={showErrors ? error : undefined}
              onChange={change}
              onUrlBlur={() => setShowErrors(true)}
            />
          </BlockStack>
        </Layout.Section>
      </Layout>
      <ChinaReminderDialog open={chinaOpen} onClose={() => setChinaOpen(false)} />
    </Page>
  );
}
