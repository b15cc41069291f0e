// /settings: the master switch (applied at once), then the block page with its
// live preview, the decision time-out, log retention and Admin Access, saved together with the
// contextual save bar (turning off the pass for verified search engines is confirmed first, with
// their visits it would expose), and the way to the IP Allow List. Server errors are toasted by
// the API client.
import { useMemo, type ReactNode } from 'react';
import { BlockStack, Layout, Page } from '@shopify/polaris';
import {
  generalSettings,
  ruleCostMessages,
  type GeneralSettings,
  type GeneralSettingsView,
} from '@gatehouse/contracts';
import { useCostConfirmation } from '../../../components/rule-cost/cost-confirmation.js';
import { PageSkeleton } from '../../../components/page-skeleton.js';
import { SaveBar } from '../../../components/save-bar.js';
import { showToast } from '../../../lib/toast-store.js';
import { useSaveBarForm } from '../../../lib/use-save-bar-form.js';
import { useGeneralSettings } from '../api/use-general-settings.js';
import { useSaveGeneralSettings } from '../api/use-save-general-settings.js';
import { AllowListCard } from './allow-list-card.js';
import { AppStatusCard } from './app-status-card.js';
import { BehaviourCard } from './behaviour-card.js';
import { BlockPageEditor } from './block-page-editor.js';
import { pageTitles } from '../../../lib/pages.js';

function formOf({ maxLogRetentionHours: _max, ...form }: GeneralSettingsView): GeneralSettings {
  return form;
}

export interface GeneralSettingsPageProps {
  /** The Admin Access feature's field for the stored setting, composed in by the app. */
  adminAccessField: (field: {
    enabled: boolean;
    onChange: (enabled: boolean) => void;
  }) => ReactNode;
}

export function GeneralSettingsPage({ adminAccessField }: GeneralSettingsPageProps) {
  const query = useGeneralSettings();
  const saveSettings = useSaveGeneralSettings();
  // The master switch saves on its own, so its busy state is its own.
  const switchApp = useSaveGeneralSettings();
  const saved = useMemo(() => formOf(query.data), [query.data]);
  const costCheck = useCostConfirmation('Turn off anyway');
  const { draft, change, errors, saveBar } = useSaveBarForm(saved, {
    schema: generalSettings,
    // Turning off the pass for verified search engines says first how many of their visits
    // the shop's rules would then have blocked.
    confirm: (form) =>
      saved.allowVerifiedCrawlers !== false && form.allowVerifiedCrawlers === false
        ? costCheck.ask({ call: 'saveGeneralSettings', draft: form }, [
            `${ruleCostMessages.searchEnginePass} ${ruleCostMessages.searchEnginePassUncounted}`,
          ])
        : Promise.resolve(true),
    submit: (form) => saveSettings.call(form),
    onSaved: () => showToast('Settings saved'),
  });

  if (draft === undefined || query.isLoading) {
    return <PageSkeleton title={pageTitles.settings} lines={8} />;
  }

  // The switch saves only itself: the stored settings with the new state, edits stay drafts.
  const setAppEnabled = async (appEnabled: boolean): Promise<boolean> => {
    const outcome = await switchApp.call({ ...saved, appEnabled });
    if (!outcome.result) return false;
    change({ appEnabled });
    showToast(appEnabled ? 'App enabled' : 'App disabled');
    return true;
  };

  return (
    <Page title={pageTitles.settings}>
      <SaveBar {...saveBar} />
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <AppStatusCard
              enabled={saved.appEnabled}
              busy={switchApp.isPending}
              onSet={setAppEnabled}
            />
            <BlockPageEditor
              page={draft.blockPage}
              errors={errors}
              onChange={(partial) => change({ blockPage: { ...draft.blockPage, ...partial } })}
            />
            <BehaviourCard
              timeoutMs={draft.timeoutMs}
              retentionHours={draft.logRetentionHours}
              maxRetentionHours={query.data.maxLogRetentionHours}
              allowVerifiedCrawlers={draft.allowVerifiedCrawlers ?? true}
              errors={errors}
              onChange={change}
            />
            {adminAccessField({
              enabled: draft.adminAccessEnabled,
              onChange: (adminAccessEnabled) => change({ adminAccessEnabled }),
            })}
            <AllowListCard />
          </BlockStack>
        </Layout.Section>
      </Layout>
      {costCheck.dialog}
    </Page>
  );
}
