// The page of a paid blocker made of one list of entries and one action for all of them (the
// ISP/ASN and Referrer Blockers). On a plan without the blocker, or once a call answered 403,
// the page explains the blocker and leads to the subscription page. Otherwise: what the blocker
// does and its add form, the table of entries (added and removed at once), and the action and
// monitor mode of the whole list, saved with the contextual save bar; while they are changed, what
// the change would have done shows, and the save asks for any confirmation it needs.
import { useMemo, useState, type ReactNode } from 'react';
import {
  BlockStack,
  Card,
  Layout,
  Page,
  SkeletonBodyText,
  Text,
  type PageProps,
} from '@shopify/polaris';
import type { ZodType } from 'zod';
import type { CallName } from '@gatehouse/contracts';
import type { ApiOutcome } from '../../lib/api-client.js';
import { useAppState } from '../../lib/app-state.js';
import { showToast } from '../../lib/toast-store.js';
import { useSaveBarForm } from '../../lib/use-save-bar-form.js';
import { RuleActionCard } from '../rule-action-card.js';
import { useCostConfirmation } from '../rule-cost/cost-confirmation.js';
import { RuleCostCard } from '../rule-cost/rule-cost-summary.js';
import {
  actionFieldOf,
  actionFormSchema,
  toForm,
  toSettings,
  type BlockerActionSettings,
} from '../rule-action-form.js';
import { RefusalBanner } from '../refusal-banner.js';
import { SaveBar } from '../save-bar.js';
import type { ListBlockerView } from './list-blocker-calls.js';

/** A paid page while its data loads: the title over a skeleton. */
export function LoadingPage({ title }: { title: string }) {
  return (
    <Page title={title}>
      <Card>
        <SkeletonBodyText lines={6} />
      </Card>
    </Page>
  );
}

export function PaidListPage({
  title,
  upgradeCard,
  editor,
}: {
  title: string;
  /** What the blocker does, and the way to a plan that has it. */
  upgradeCard: ReactNode;
  /** The page on a plan with the blocker; `onUpgrade` shows the upgrade card instead. */
  editor: (onUpgrade: () => void) => ReactNode;
}) {
  const { account, isPro } = useAppState();
  const [upgrade, setUpgrade] = useState(false);
  if (account === undefined) return <LoadingPage title={title} />;
  if (!isPro || upgrade) return <Page title={title}>{upgradeCard}</Page>;
  return editor(() => setUpgrade(true));
}

export function ListBlockerEditor<E>({
  title,
  unit,
  intro,
  blocker,
  save,
  saveRequest,
  saveCall,
  savedMessage,
  addForm,
  table,
  ruleTitle,
  secondaryActions,
  children,
}: {
  title: string;
  /** What the entries are, after "3 of 2,000". */
  unit: string;
  intro: string;
  blocker: {
    data: ListBlockerView<E>;
    isLoading: boolean;
    isFetching: boolean;
    readAt: number;
  };
  save: { call(settings: BlockerActionSettings): Promise<ApiOutcome<CallName>> };
  /** The save call's request schema: the form is checked by it before it is sent. */
  saveRequest: ZodType;
  /**
   * The save call, whose draft the page replays over the shop's visits; none for a blocker whose
   * rules the visits cannot replay (the firewall's, which the storefront's visits never met).
   */
  saveCall?: CallName;
  savedMessage: string;
  addForm: ReactNode;
  table: (entries: E[], readAt: number, loading: boolean) => ReactNode;
  /** The action card's question ("When a visitor comes from a blocked site"). */
  ruleTitle: string;
  secondaryActions?: PageProps['secondaryActions'];
  /** Dialogs the page opens. */
  children?: ReactNode;
}) {
  const { action, monitor } = blocker.data;
  // Only the settings are edited here: adding or removing an entry leaves unsaved edits alone.
  const saved = useMemo(() => toForm({ action, monitor }), [action, monitor]);
  const costCheck = useCostConfirmation();
  const costOf = (form: typeof saved) =>
    saveCall ? { call: saveCall, draft: toSettings(form) } : null;
  const schema = useMemo(() => actionFormSchema(saveRequest), [saveRequest]);
  const { draft, change, errors, refusal, revealErrors, saveBar } = useSaveBarForm(saved, {
    schema,
    placeOf: actionFieldOf,
    confirm: (form) => {
      const cost = costOf(form);
      return cost ? costCheck.ask(cost) : Promise.resolve(true);
    },
    submit: (form) => save.call(toSettings(form)),
    onSaved: () => showToast(savedMessage),
  });

  if (draft === undefined || blocker.isLoading) return <LoadingPage title={title} />;
  const { entries, limit } = blocker.data;

  return (
    <Page
      title={title}
      subtitle={`${entries.length.toLocaleString('en-US')} of ${limit.toLocaleString('en-US')} ${unit}`}
      {...(secondaryActions ? { secondaryActions } : {})}
    >
      <SaveBar {...saveBar} />
      <Layout>
        <RefusalBanner title={`The ${title} was not saved`} refusal={refusal} />
        <Layout.Section>
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="400">
                <Text as="p">{intro}</Text>
                {addForm}
              </BlockStack>
            </Card>
            <Card padding="0">{table(entries, blocker.readAt, blocker.isFetching)}</Card>
            <RuleActionCard
              title={ruleTitle}
              monitorHelp="Try the list first: visits it would block are recorded in the visitor log, and nobody is blocked."
              form={draft}
              urlError={errors.redirectUrl}
              onChange={change}
              onUrlBlur={revealErrors}
            />
            {/* The cost of the action's change, while there is one that could be saved: the
                add form weighs the entry being typed, and one summary at a time says what
                would change. */}
            {saveCall && saveBar.dirty && schema.safeParse(draft).success && (
              <RuleCostCard draft={costOf(draft)} />
            )}
          </BlockStack>
        </Layout.Section>
      </Layout>
      {children}
      {costCheck.dialog}
    </Page>
  );
}
