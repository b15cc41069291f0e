// A settings-style page saved with the contextual save bar, as a react-hook-form form: the
// editable draft of what was loaded (newly loaded data replaces what the merchant has not
// edited), whether it differs from what was loaded, the save under way, and the field errors.
// The draft is checked by a zod schema (the contract's where the draft is what is sent) and/or
// the page's own `invalid`; errors show after a Save that they stopped, or when the page asks,
// follow the draft as it is edited from then on, and hide again once saved or discarded. The
// page renders `<SaveBar {...form.saveBar} />`; failed saves are toasted by the API client.
import { useState } from 'react';
import {
  useForm,
  useWatch,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type PathValue,
  type Resolver,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ZodType } from 'zod';
import type { CallName, ResponseOf } from '@gatehouse/contracts';
import type { SaveBarProps } from '../components/save-bar.js';
import type { ApiOutcome } from './api-client.js';

export interface SaveBarFormOptions<T, N extends CallName> {
  /** The draft's checks; each issue's message is the error of the field at its path. */
  schema?: ZodType<T>;
  /** True when the draft has errors, beyond the schema's, that must be fixed before it is sent. */
  invalid?: (draft: T) => boolean;
  /** Sends the draft to the server. */
  submit: (draft: T) => Promise<ApiOutcome<N>>;
  /** Takes in the server's answer to a successful save (cache, toast, follow-ups). */
  onSaved: (data: ResponseOf<N>) => void;
  /** Asked before a valid draft is sent; false holds the save (the merchant said no). */
  confirm?: (draft: T) => Promise<boolean>;
}

export interface SaveBarForm<T> {
  /** Undefined until the saved data is there. */
  draft: T | undefined;
  /** Merges fields into the draft. */
  change(partial: Partial<T>): void;
  showErrors: boolean;
  /** The schema's messages by field path ("blockPage.title"), empty while errors are hidden. */
  errors: Record<string, string>;
  revealErrors(): void;
  saveBar: SaveBarProps;
}

/** The first message of each field of react-hook-form's nested errors, by dotted path. */
export function errorsByPath(errors: FieldErrors, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (value === undefined || value === null || typeof value !== 'object') continue;
    const path = prefix === '' ? key : `${prefix}.${key}`;
    const { message } = value as { message?: unknown };
    if (typeof message === 'string') out[path] = message;
    else if (key !== 'ref') Object.assign(out, errorsByPath(value as FieldErrors, path));
  }
  return out;
}

/** A reset that replaces the edited fields too (the form's own resets keep them). */
const EVERY_FIELD = { keepDirtyValues: false } as const;

export function useSaveBarForm<T extends FieldValues, N extends CallName>(
  saved: T | undefined,
  { schema, invalid, submit, onSaved, confirm }: SaveBarFormOptions<T, N>,
): SaveBarForm<T> {
  const form = useForm<T>({
    values: saved,
    // Data loaded again (another tab saved, a refetch) replaces only the fields not edited.
    resetOptions: { keepDirtyValues: true },
    resolver: schema ? (zodResolver(schema as never) as unknown as Resolver<T>) : undefined,
  });
  const watched = useWatch({ control: form.control }) as Partial<T>;
  const { isDirty, errors } = form.formState;
  const [saving, setSaving] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  // The form takes in newly loaded data after the render that brought it: until then the
  // loaded data itself is the draft.
  const draft = saved === undefined ? undefined : ({ ...saved, ...watched } as T);

  const send = async (values: T) => {
    if (invalid?.(values)) {
      setShowErrors(true);
      return;
    }
    setSaving(true);
    if (confirm && !(await confirm(values))) {
      setSaving(false);
      return;
    }
    const outcome = await submit(values);
    setSaving(false);
    if (!outcome.result) return;
    setShowErrors(false);
    onSaved(outcome.data);
    // What was sent (with what the page took in from the answer) is now what is stored.
    form.reset(form.getValues(), EVERY_FIELD);
  };
  const save = form.handleSubmit(send, () => setShowErrors(true));

  return {
    draft,
    change: (partial) => {
      for (const [key, value] of Object.entries(partial)) {
        const name = key as Path<T>;
        form.setValue(name, value as PathValue<T, Path<T>>, {
          shouldDirty: true,
          shouldValidate: showErrors,
        });
      }
    },
    showErrors,
    errors: showErrors ? errorsByPath(errors) : {},
    revealErrors: () => {
      setShowErrors(true);
      void form.trigger();
    },
    saveBar: {
      dirty: saved !== undefined && isDirty,
      saving,
      onSave: () => void save(),
      onDiscard: () => {
        form.reset(saved as DefaultValues<T> | undefined, EVERY_FIELD);
        setShowErrors(false);
      },
    },
  };
}
