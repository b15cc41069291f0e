// The form that adds an entry to a list: the value, a note, any further fields the list needs
// (the IP lists' expiry date) and the add button. The caller checks and sends what was typed;
// its answer clears the form, leaves it as it is (an upgrade prompt opened instead), or shows
// a message on the value field until the value is changed. While a value is typed, what adding
// it would have done to the last 7 days of visits shows under the form, and an entry that
// would block the merchant's own address or country, or a verified crawler, asks first. The
// value, the note and the list's own fields are one react-hook-form form; the caller's message
// is the value's error.
import type { ReactNode } from 'react';
import { useForm, useWatch, type DefaultValues, type Path } from 'react-hook-form';
import { Button, FormLayout } from '@shopify/polaris';
import { FormTextField } from '../form-text-field.js';
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

/** A field of the list's own, bound to the form: its value and its change. */
export interface BoundField<V> {
  value: V;
  onChange: (value: V) => void;
}

/** The list's own fields after the note: their first values, and their inputs. */
export interface ExtraFields<X extends object> {
  defaults: X;
  /** After an add, they keep what was chosen (a mode) instead of starting over (a date). */
  keep?: boolean;
  render: (bind: <K extends keyof X & string>(name: K) => BoundField<X[K]>) => ReactNode;
}

interface AddFormValues<X extends object> {
  value: string;
  note: string;
  extra: X;
}

const NO_EXTRA: ExtraFields<Record<string, never>> = { defaults: {}, render: () => null };

export function EntryAddForm<X extends object = Record<string, never>>({
  field,
  notePlaceholder,
  submit,
  adding,
  onAdd,
  cost,
  extra = NO_EXTRA as unknown as ExtraFields<X>,
}: {
  /** The value's field; it may read the list's own fields (a placeholder by the match). */
  field: ValueField | ((extra: X) => ValueField);
  notePlaceholder: string;
  /** The add button's words. */
  submit: string;
  adding: boolean;
  /** Adds the value as typed with the note trimmed and the list's own fields. */
  onAdd: (value: string, note: string, extra: X) => Promise<AddOutcome>;
  /** The add call's draft for the value typed (trimmed, not empty), replayed as it is typed. */
  cost?: (value: string, extra: X) => CostDraft | null;
  extra?: ExtraFields<X>;
}) {
  const form = useForm<AddFormValues<X>>({
    defaultValues: { value: '', note: '', extra: extra.defaults } as DefaultValues<
      AddFormValues<X>
    >,
  });
  const value = useWatch({ control: form.control, name: 'value' });
  const extraValues = useWatch({
    control: form.control,
    name: 'extra' as Path<AddFormValues<X>>,
  }) as X;
  const costCheck = useCostConfirmation('Add anyway');
  const costDraft = cost && value.trim() !== '' ? cost(value.trim(), extraValues) : null;
  const valueField = typeof field === 'function' ? field(extraValues) : field;
  const bind = <K extends keyof X & string>(name: K): BoundField<X[K]> => ({
    value: extraValues[name],
    onChange: (next) =>
      form.setValue(`extra.${name}` as Path<AddFormValues<X>>, next as never, {
        shouldDirty: true,
      }),
  });

  const add = form.handleSubmit(async ({ value: typed, note, extra: chosen }) => {
    if (costDraft && !(await costCheck.ask(costDraft))) return;
    const outcome = await onAdd(typed, note.trim(), chosen as X);
    if (outcome === 'kept') return;
    if (outcome !== 'added') {
      form.setError('value', { message: outcome.error });
      return;
    }
    form.reset({
      value: '',
      note: '',
      extra: extra.keep ? chosen : extra.defaults,
    } as DefaultValues<AddFormValues<X>>);
  });

  return (
    <form
      onSubmit={(event) => {
        void add(event);
      }}
    >
      <FormLayout>
        <FormLayout.Group>
          <FormTextField
            form={form}
            name="value"
            label={valueField.label}
            placeholder={valueField.placeholder}
            helpText={valueField.helpText}
            autoComplete="off"
            multiline={valueField.multiline}
            maxLength={valueField.maxLength}
          />
          <FormTextField
            form={form}
            name="note"
            label="Note"
            placeholder={notePlaceholder}
            autoComplete="off"
            maxLength={500}
          />
          {extra.render(bind)}
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
