// One filter being written or changed: its name and mode, the conditions, the actions and the
// dry run. An IP value is checked as it is typed; "Save filter" checks the rest of the draft as
// the server does and shows each message under the input it is about; a save or dry run the
// server refuses shows each of its problems under the input it names, and only what names no
// input above the form. Back to the list asks first when there are unsaved changes.
import {
  Banner,
  BlockStack,
  Card,
  ChoiceList,
  Layout,
  Modal,
  Page,
  Text,
  TextField,
} from '@shopify/polaris';
import type { AutoCancelFilter, ErrorIssue } from '@gatehouse/contracts';
import { useMemo, useState } from 'react';
import { dequal } from 'dequal';
import { showToast } from '../../../lib/toast-store.js';
import { useSaveAutoCancelFilter } from '../api/use-auto-cancel.js';
import {
  filterErrors,
  hasErrors,
  toDraft,
  toInput,
  toMatch,
  typedErrors,
  type FilterDraft,
  type FilterErrors,
} from '../auto-cancel-form.js';
import { placeServerErrors, withServerErrors, type PlacedErrors } from '../server-error.js';
import { ActionsCard } from './actions-card.js';
import { DryRunCard } from './dry-run-card.js';
import { MatchEditor } from './match-editor.js';

const MODE_CHOICES = [
  { label: 'On', value: 'on', helpText: 'Acts on every new order it catches.' },
  {
    label: 'Monitor only',
    value: 'monitor',
    helpText: 'Logs “would cancel” for the orders it catches and changes nothing.',
  },
  { label: 'Off', value: 'off', helpText: 'Kept, but not run.' },
];

export function FilterEditor({
  filter,
  dryRunDays,
  onDone,
}: {
  /** The stored filter, or null for a new one. */
  filter: AutoCancelFilter | null;
  dryRunDays: number;
  onDone: () => void;
}) {
  const initial = useMemo(() => toDraft(filter), [filter]);
  const [draft, setDraft] = useState<FilterDraft>(initial);
  const [showErrors, setShowErrors] = useState(false);
  const [refused, setRefused] = useState<(PlacedErrors & { title: string }) | null>(null);
  const [leaving, setLeaving] = useState(false);
  const save = useSaveAutoCancelFilter();
  const change = (partial: Partial<FilterDraft>) => {
    setDraft((current) => ({ ...current, ...partial }));
    setRefused(null);
  };

  const own = filterErrors(draft);
  const errors: FilterErrors = showErrors ? own : typedErrors(draft);
  const withServer = withServerErrors(errors, refused);
  const refuse = (title: string) => (message: string, list: readonly ErrorIssue[] | undefined) =>
    setRefused({ ...placeServerErrors(draft, message, list), title });
  const dirty = filter === null || !dequal(draft, initial);

  const submit = async () => {
    if (hasErrors(own)) {
      setShowErrors(true);
      return;
    }
    const outcome = await save.call(toInput(draft));
    if (outcome.result) {
      showToast(filter === null ? 'Filter created' : 'Filter saved');
      onDone();
      return;
    }
    if (outcome.status === 400)
      refuse('The filter was not saved')(outcome.message, outcome.error?.issues);
  };

  return (
    <Page
      title={filter === null ? 'New filter' : filter.name}
      backAction={{
        content: 'Auto-cancel filters',
        onAction: () => (dirty ? setLeaving(true) : onDone()),
      }}
      primaryAction={{
        content: 'Save filter',
        loading: save.isPending,
        onAction: () => void submit(),
      }}
      secondaryActions={[
        { content: 'Cancel', onAction: () => (dirty ? setLeaving(true) : onDone()) },
      ]}
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            {refused?.banner && (
              <Banner tone="critical" title={refused.title}>
                <p>{refused.banner}</p>
              </Banner>
            )}
            <Card>
              <BlockStack gap="300">
                <TextField
                  label="Name"
                  value={draft.name}
                  onChange={(name) => change({ name })}
                  autoComplete="off"
                  maxLength={80}
                  error={withServer.name}
                />
                <ChoiceList
                  title="Mode"
                  choices={MODE_CHOICES}
                  selected={[draft.mode]}
                  onChange={([mode]) => change({ mode: (mode ?? 'off') as FilterDraft['mode'] })}
                />
              </BlockStack>
            </Card>
            <MatchEditor draft={draft} errors={withServer} onChange={change} />
            <DryRunCard
              match={toMatch(draft)}
              filterId={draft.id}
              mode={draft.mode}
              invalid={Object.keys(own.conditions).length + Object.keys(own.groups).length > 0}
              days={dryRunDays}
              onInvalid={() => setShowErrors(true)}
              onRefused={refuse('The dry run did not start')}
            />
            <ActionsCard
              actions={draft.actions}
              errors={withServer}
              onChange={(actions) => change({ actions })}
            />
            <Text as="p" tone="subdued">
              Filters act on new orders as they are placed, in the order of the list: the first
              filter that is on and catches an order acts on it.
            </Text>
          </BlockStack>
        </Layout.Section>
      </Layout>
      <Modal
        open={leaving}
        onClose={() => setLeaving(false)}
        title="Leave without saving?"
        primaryAction={{ content: 'Discard changes', destructive: true, onAction: onDone }}
        secondaryActions={[{ content: 'Keep editing', onAction: () => setLeaving(false) }]}
      >
        <Modal.Section>
          <Text as="p">Your changes to this filter will be lost.</Text>
        </Modal.Section>
      </Modal>
    </Page>
  );
}
