// The form that adds an entry to a list: the value, a note, any further fields the list needs
// (the IP lists' expiry date) and the add button. The caller checks and sends what was typed;
// its answer clears the form, leaves it as it is (an upgrade prompt opened instead), or shows
// a message on the value field until the value is changed. While a value is typed, what adding
// it would have done to the last 7 days of visits shows under the form, and an entry that
// would block the merchant's own address or country, or a verified crawler, asks first. The
// value and the note are a react-hook-form form; the caller's message is the value's error.
import type { ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Button, FormLayout, TextField } from '@shopify/polaris';
import { useCostConfirmation } from '../rule-cost/cost-confirmation.js';
import { RuleCostSummary } from '../rule-cost/rule-cost-summary.js';
import type { CostDraft } from '../rule-cost/use-rule-cost.js';

/** 'added' clears the form; 'kept' leaves it; an error shows on the value field. */
export type AddOutcome = 'added' | 'kept' | { error: string };

export interface ValueField {
  label: string;
  placeholder: string;
  helpText?: string;
  maxLength: number;
  /** Lines shown for a field that takes several values, one per line. */
  multiline?: number;
}

export function EntryAddForm({
  field,
  notePlaceholder,
  submit,
  adding,
  onAdd,
  cost,
  children,
}: {
  field: ValueField;
  notePlaceholder: string;
  /** The add button's words. */
  submit: string;
  adding: boolean;
  /** Adds the value as typed with the note trimmed. */
  onAdd: (value: string, note: string) => Promise<AddOutcome>;
  /** The add call's draft for the value typed (trimmed, not empty), replayed as it is typed. */
  cost?: (value: string) => CostDraft | null;
  /** Fields after the note. */
  children?: ReactNode;
}) {
  const form = useForm({ defaultValues: { value: '', note: '' } });
  const value = useWatch({ control: form.control, name: 'value' });
  const costCheck = useCostConfirmation('Add anyway');
  const costDraft = cost && value.trim() !== '' ? cost(value.trim()) : null;

  const add = form.handleSubmit(async ({ value: typed, note }) => {
    if (costDraft && !(await costCheck.ask(costDraft))) return;
    const outcome = await onAdd(typed, note.trim());
    if (outcome === 'kept') return;
    if (outcome !== 'added') {
      form.setError('value', { message: outcome.error });
      return;
    }
    form.reset();
  });

  return (
    <form
      onSubmit={(event) => {
        void add(event);
      }}
    >
      <FormLayout>
        <FormLayout.Group>
          <Controller
            control={form.control}
            name="value"
            render={({ field: input, fieldState }) => (
              <TextField
                label={field.label}
                placeholder={field.placeholder}
                helpText={field.helpText}
                value={input.value}
                onChange={(text) => {
                  input.onChange(text);
                  form.clearErrors('value');
                }}
                error={fieldState.error?.message}
                autoComplete="off"
                multiline={field.multiline}
                maxLength={field.maxLength}
              />
            )}
          />
          <Controller
            control={form.control}
            name="note"
            render={({ field: input }) => (
              <TextField
                label="Note"
                placeholder={notePlaceholder}
                value={input.value}
                onChange={input.onChange}
                autoComplete="off"
                maxLength={500}
              />
            )}
          />
          {children}
        </FormLayout.Group>
        <RuleCostSummary draft={costDraft} />
        <Button submit variant="primary" loading={adding}>
          {submit}
        </Button>
      </FormLayout>
      {costCheck.dialog}
    </form>
  );
}
