// /regionBlocker: mode, countries, action and monitor mode, saved together with
// the contextual save bar. Blocking mainland China while the app embed is off brings up the
// China reminder; an empty whitelist shows the same critical banner as the dashboard. What the
// change would have done to the last 7 days of visits shows as it is edited, and a change that
// would block the merchant's own country or address asks before it is saved. Each problem,
// found before the save or by the server, shows at its field.
import { useMemo, useState } from 'react';
import { Banner, BlockStack, Layout, Page } from '@shopify/polaris';
import { COUNTRY_RULE_ID } from '@gatehouse/contracts';
import { accessRequestsText, useAccessRequestCounts } from '../../../lib/access-request-counts.js';
import type { CountryBlockerSettings } from '@gatehouse/contracts';
import { ChinaReminderDialog } from '../../../components/china-reminder-dialog.js';
import { EmptyWhitelistBanner } from '../../../components/empty-whitelist-banner.js';
import { useCostConfirmation } from '../../../components/rule-cost/cost-confirmation.js';
import { RuleCostCard } from '../../../components/rule-cost/rule-cost-summary.js';
import { PageSkeleton } from '../../../components/page-skeleton.js';
import { RefusalBanner } from '../../../components/refusal-banner.js';
import { SaveBar } from '../../../components/save-bar.js';
import { useAppState } from '../../../lib/app-state.js';
import { shouldShowChinaReminder } from '../../../lib/local-flags.js';
import { showToast } from '../../../lib/toast-store.js';
import { useSaveBarForm } from '../../../lib/use-save-bar-form.js';
import { useCountryBlocker } from '../api/use-country-blocker.js';
import { useSaveCountryBlocker } from '../api/use-save-country-blocker.js';
import {
  costOf,
  countryBlockerFormSchema,
  fieldOf,
  sendable,
  toForm,
  toSettings,
  type CountryBlockerField,
} from '../country-blocker-form.js';
import { blocksChina } from '../country-selection.js';
import { RuleActionCard } from '../../../components/rule-action-card.js';
import { CountryPicker } from './country-picker.js';
import { ModeCard } from './mode-card.js';
import { pageTitles } from '../../../lib/pages.js';

export function CountryBlockerPage() {
  const { isExtensionEnabled, shellLoaded } = useAppState();
  const query = useCountryBlocker();
  const saveCountryBlocker = useSaveCountryBlocker();
  const saved = useMemo(() => toForm(query.data), [query.data]);
  const [chinaOpen, setChinaOpen] = useState(false);
  const [remindedOnLoad, setRemindedOnLoad] = useState(false);
  // Opening the page with China already blocked reminds once, after the extension status is in.
  if (!remindedOnLoad && shellLoaded && query.isSettled && !query.isError) {
    setRemindedOnLoad(true);
    if (shouldShowChinaReminder(blocksChina(query.data), isExtensionEnabled)) setChinaOpen(true);
  }

  const remindIfChinaBlocked = (settings: CountryBlockerSettings) => {
    if (shouldShowChinaReminder(blocksChina(settings), isExtensionEnabled)) setChinaOpen(true);
  };
  const costCheck = useCostConfirmation();
  const counts = useAccessRequestCounts();
  const form = useSaveBarForm(saved, {
    schema: countryBlockerFormSchema,
    placeOf: fieldOf,
    confirm: (draft) => costCheck.ask(costOf(draft)),
    submit: (draft) => saveCountryBlocker.call(toSettings(draft)),
    onSaved: (settings) => {
      showToast('Country Blocker saved');
      remindIfChinaBlocked(settings);
    },
  });

  const { draft, change, revealErrors, errors, refusal } = form;
  if (draft === undefined || query.isLoading) {
    return <PageSkeleton title={pageTitles.regionBlocker} lines={6} />;
  }

  const errorOf = (field: CountryBlockerField) => errors[field];
  const requests = accessRequestsText(counts[COUNTRY_RULE_ID]);

  return (
    <Page title={pageTitles.regionBlocker}>
      <SaveBar {...form.saveBar} />
      <Layout>
        <RefusalBanner title="The Country Blocker was not saved" refusal={refusal} />
        {draft.mode === 'whitelist' && draft.countries.length === 0 && (
          <Layout.Section>
            <EmptyWhitelistBanner withAction={false} />
          </Layout.Section>
        )}
        <Layout.Section>
          <BlockStack gap="400">
            <ModeCard
              mode={draft.mode}
              error={errorOf('mode')}
              onChange={(mode) => change({ mode })}
            />
            {requests && (
              <Banner tone="warning">
                {`${requests}: shoppers this blocker turned away asked to be let in. The visitor log lists them.`}
              </Banner>
            )}
            <RuleCostCard draft={sendable(draft) ? costOf(draft) : null} />
            <CountryPicker
              mode={draft.mode}
              selected={draft.countries}
              error={errorOf('countries')}
              onChange={(countries) => change({ countries })}
            />
            <RuleActionCard
              form={draft}
              urlError={errorOf('redirectUrl')}
              onChange={change}
              onUrlBlur={revealErrors}
            />
          </BlockStack>
        </Layout.Section>
      </Layout>
      <ChinaReminderDialog open={chinaOpen} onClose={() => setChinaOpen(false)} />
      {costCheck.dialog}
    </Page>
  );
}
