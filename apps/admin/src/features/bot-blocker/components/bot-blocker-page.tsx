// /botBlocker: the categories of automated visitors, each blocked, monitored or off, and the
// action a blocked visitor gets, saved together with the contextual save bar; the merchant's
// own user-agent patterns, added, changed and removed at once. What a change would have done
// shows as it is edited, and is confirmed when it needs to be; a problem of the settings, found
// before the save or by the server, shows at its field. A paid feature: on Free the page
// explains it and leads to the subscription page.
import { useMemo } from 'react';
import { BlockStack, Card, Layout, Page, SkeletonBodyText, Text } from '@shopify/polaris';
import { PaidListPage } from '../../../components/entry-list/list-blocker-page.js';
import { PlanUpgradeCard } from '../../../components/entry-list/plan-upgrade-card.js';
import { showToast } from '../../../lib/toast-store.js';
import { useSaveBarForm } from '../../../lib/use-save-bar-form.js';
import { useCostConfirmation } from '../../../components/rule-cost/cost-confirmation.js';
import { RuleCostCard } from '../../../components/rule-cost/rule-cost-summary.js';
import { RefusalBanner } from '../../../components/refusal-banner.js';
import { SaveBar } from '../../../components/save-bar.js';
import { RuleActionCard } from '../../../components/rule-action-card.js';
import { useBotBlocker } from '../api/use-bot-blocker.js';
import { useSaveBotBlocker } from '../api/use-save-bot-blocker.js';
import {
  botFormSchema,
  fieldOf,
  sendable,
  toBotForm,
  toBotSettings,
  type BotForm,
} from '../bot-blocker-form.js';
import { AddBotPatternForm } from './add-bot-pattern-form.js';
import { BotCategoriesCard } from './bot-categories-card.js';
import { BotPatternsTable } from './bot-patterns-table.js';
import { GoodBotsCard } from './good-bots-card.js';
import { RobotsTxtCard } from './robots-txt-card.js';
import { pageTitles } from '../../../lib/pages.js';

const TITLE = pageTitles.botBlocker;

function Loading() {
  return (
    <Page title={TITLE}>
      <Card>
        <SkeletonBodyText lines={8} />
      </Card>
    </Page>
  );
}

export function BotBlockerPage() {
  return (
    <PaidListPage
      title={TITLE}
      upgradeCard={
        <PlanUpgradeCard
          title="The Bot Blocker is part of Premium and Pay-As-You-Go"
          intro="Keep automated visitors out of your store by the name they send:"
          items={[
            'whole categories, like AI training crawlers, SEO tools, scripts and headless browsers;',
            'fake search-engine crawlers, checked against the engines’ networks;',
            'your own patterns, as plain text or regular expressions.',
          ]}
        />
      }
      editor={(onUpgrade) => <BotBlockerEditor onUpgrade={onUpgrade} />}
    />
  );
}

export function BotBlockerEditor({ onUpgrade }: { onUpgrade: () => void }) {
  const query = useBotBlocker();
  const saveBotBlocker = useSaveBotBlocker();
  const { action, categories, goodBots, patterns, limit } = query.data;
  // Only the action and the modes are edited here: hits and patterns changing leave unsaved
  // edits alone.
  const savedKey = JSON.stringify([
    action,
    categories.map((c) => c.mode),
    goodBots.map((g) => g.mode),
  ]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the key says when the form changes
  const saved = useMemo(() => toBotForm({ action, categories, goodBots }), [savedKey]);
  const costCheck = useCostConfirmation();
  const costOf = (form: BotForm) =>
    ({ call: 'saveBotBlocker', draft: toBotSettings(form) }) as const;
  const { draft, change, errors, refusal, revealErrors, saveBar } = useSaveBarForm(saved, {
    schema: botFormSchema,
    placeOf: fieldOf,
    confirm: (form) => costCheck.ask(costOf(form)),
    submit: (form) => saveBotBlocker.call(toBotSettings(form)),
    onSaved: () => showToast('Bot Blocker saved'),
  });

  if (draft === undefined || query.isLoading) return <Loading />;

  return (
    <Page
      title={TITLE}
      subtitle="Keep scrapers, scripts and fake crawlers out by the user agent they send"
    >
      <SaveBar {...saveBar} />
      <Layout>
        <RefusalBanner title="The Bot Blocker was not saved" refusal={refusal} />
        <Layout.Section>
          <BlockStack gap="400">
            <BotCategoriesCard
              categories={categories}
              modes={draft.categories}
              readAt={query.readAt}
              onChange={(category, mode) =>
                change({ categories: { ...draft.categories, [category]: mode } })
              }
            />
            <GoodBotsCard
              goodBots={goodBots}
              modes={draft.goodBots}
              readAt={query.readAt}
              onChange={(name, mode) => change({ goodBots: { ...draft.goodBots, [name]: mode } })}
            />
            <RobotsTxtCard />
            <RuleActionCard
              title="When a bot is blocked"
              showMonitor={false}
              form={draft}
              urlError={errors.redirectUrl}
              onChange={change}
              onUrlBlur={revealErrors}
            />
            <RuleCostCard draft={sendable(draft) ? costOf(draft) : null} />
            <Card>
              <BlockStack gap="400">
                <BlockStack gap="100">
                  <Text as="h2" variant="headingMd">
                    Custom user-agent patterns
                  </Text>
                  <Text as="p" tone="subdued">
                    {`${patterns.length.toLocaleString('en-US')} of ${limit.toLocaleString('en-US')} patterns. `}
                    For a bot no category covers. Addresses on your allow list and your Admin Access
                    devices always get in.
                  </Text>
                </BlockStack>
                <AddBotPatternForm onUpgrade={onUpgrade} />
              </BlockStack>
            </Card>
            <Card padding="0">
              <BotPatternsTable
                patterns={patterns}
                readAt={query.readAt}
                loading={query.isFetching}
              />
            </Card>
          </BlockStack>
        </Layout.Section>
      </Layout>
      {costCheck.dialog}
    </Page>
  );
}
