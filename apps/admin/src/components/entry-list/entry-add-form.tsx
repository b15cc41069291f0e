// The form that adds an entry to a list: the value, a note, any further fields the list needs
// (the IP lists' expiry date) and the add button. The caller checks and sends what was typed;
// its answer clears the form, leaves it as it is (an upgrade prompt opened instead), or shows
// a message on the value field until the value is changed. While a value is typed, what adding
// it would have done to the last 7 days of visits shows under the form, and an entry that
// would block the merchant's own address or country, or a verified crawler, asks first.
import { useState, type ReactNode } from 'react';
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
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const costCheck = useCostConfirmation('Add anyway');
  const costDraft = cost && value.trim() !== '' ? cost(value.trim()) : null;

  const add = async () => {
    if (costDraft && !(await costCheck.ask(costDraft))) return;
    const outcome = await onAdd(value, note.trim());
    if (outcome === 'kept') return;
    if (outcome !== 'added') {
      setError(outcome.error);
      return;
    }
    setValue('');
    setNote('');
    setError(undefined);
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
    >
      <FormLayout>
        <FormLayout.Group>
          <TextField
            label={field.label}
            placeholder={field.placeholder}
            helpText={field.helpText}
            value={value}
            onChange={(text) => {
              setValue(text);
              setError(undefined);
            }}
            error={error}
            autoComplete="off"
            multiline={field.multiline}
            maxLength={field.maxLength}
          />
          <TextField
            label="Note"
            placeholder={notePlaceholder}
            value={note}
            onChange={setNote}
            autoComplete="off"
            maxLength={500}
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
