// One filter being written or changed: its name and mode, the conditions, the actions and the
// dry run, as a react-hook-form form checked by the save call's schema (`filterDraftSchema`).
// An IP value is checked as it is typed; "Save filter" checks the rest of the draft and shows
// each message under the input it is about; a save or dry run the server refuses shows each of
// its problems under the input it names, and only what names no input above the form. Back to
// the list asks first when there are unsaved changes.
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
import { useMemo, useRef, useState } from 'react';
import { showToast } from '../../../lib/toast-store.js';
import { useSaveBarForm } from '../../../lib/use-save-bar-form.js';
import { useSaveAutoCancelFilter } from '../api/use-auto-cancel.js';
import {
  draftFieldOf,
  filterDraftSchema,
  filterErrors,
  mergeErrors,
  placeRefusal,
  toDraft,
  toFilterErrors,
  toInput,
  toMatch,
  typedErrors,
  type FilterDraft,
} from '../auto-cancel-form.js';
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
  const [dryRunRefused, setDryRunRefused] = useState<ReturnType<typeof placeRefusal> | null>(null);
  const [leaving, setLeaving] = useState(false);
  const save = useSaveAutoCancelFilter();
  // The draft a refusal of the save is placed on: the one sent.
  const sent = useRef(initial);
  const form = useSaveBarForm(initial, {
    schema: filterDraftSchema,
    submit: (draft) => {
      sent.current = draft;
      return save.call(toInput(draft));
    },
    onSaved: () => {
      showToast(filter === null ? 'Filter created' : 'Filter saved');
      onDone();
    },
    placeOf: (path) => draftFieldOf(path, sent.current),
  });
  const draft = form.draft ?? initial;
  const change = (partial: Partial<FilterDraft>) => {
    form.change(partial);
    setDryRunRefused(null);
  };

  // An IP address as it is typed; after a Save, every problem, or the server's.
  const errors = mergeErrors(
    typedErrors(draft),
    toFilterErrors(draft, form.errors),
    dryRunRefused?.fields ?? { groups: {}, conditions: {} },
  );
  const own = filterErrors(draft);
  const banner = form.refusal
    ? { title: 'The filter was not saved', text: form.refusal }
    : dryRunRefused?.banner
      ? { title: 'The dry run did not start', text: dryRunRefused.banner }
      : null;
  const dirty = filter === null || form.saveBar.dirty;

  return (
    <Page
      title={filter === null ? 'New filter' : filter.name}
      backAction={{
        content: 'Auto-cancel filters',
        onAction: () => (dirty ? setLeaving(true) : onDone()),
      }}
      primaryAction={{
        content: 'Save filter',
        loading: form.saveBar.saving,
        onAction: form.saveBar.onSave,
      }}
      secondaryActions={[
        { content: 'Cancel', onAction: () => (dirty ? setLeaving(true) : onDone()) },
      ]}
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            {banner && (
              <Banner tone="critical" title={banner.title}>
                <p>{banner.text}</p>
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
                  error={errors.name}
                />
                <ChoiceList
                  title="Mode"
                  choices={MODE_CHOICES}
                  selected={[draft.mode]}
                  onChange={([mode]) => change({ mode: (mode ?? 'off') as FilterDraft['mode'] })}
                />
              </BlockStack>
            </Card>
            <MatchEditor draft={draft} errors={errors} onChange={change} />
            <DryRunCard
              match={toMatch(draft)}
              filterId={draft.id}
              mode={draft.mode}
              invalid={Object.keys(own.conditions).length + Object.keys(own.groups).length > 0}
              days={dryRunDays}
              onInvalid={form.revealErrors}
              onRefused={(message: string, issues: readonly ErrorIssue[] | undefined) =>
                setDryRunRefused(placeRefusal(draft, message, issues))
              }
            />
            <ActionsCard
              actions={draft.actions}
              errors={errors}
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
