// A settings-style page saved with the contextual save bar, as a react-hook-form form: the
// editable draft of what was loaded, whether it differs from what was loaded last (unsaved
// changes), the save under way, and the field errors.
// The draft is checked by a zod schema (the save call's own, through `requestFormSchema`, where
// the draft is read into what is sent); errors show after a Save that they stopped, or when
// the page asks, follow the draft as it is edited from then on, and hide again once saved or
// discarded. A
// page that says where its request's paths show (`placeOf`) gets the server's refusal of a
// save at those fields too, and above the form what has no field, until the next edit. The
// page renders `<SaveBar {...form.saveBar} />`; failed saves are toasted by the API client.
import { useEffect, useRef, useState } from 'react';
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
import { dequal } from 'dequal';
import type { ZodType } from 'zod';
import type { CallName, ResponseOf } from '@gatehouse/contracts';
import type { SaveBarProps } from '../components/save-bar.js';
import type { ApiOutcome } from './api-client.js';
import { placeIssues, type IssuePath, type PlacedIssues } from './place-issues.js';

export interface SaveBarFormOptions<T, N extends CallName> {
  /** The draft's checks; each issue's message is the error of the field at its path. */
  schema?: ZodType<T>;
  /** Sends the draft to the server. */
  submit: (draft: T) => Promise<ApiOutcome<N>>;
  /** Takes in the server's answer to a successful save (cache, toast, follow-ups). */
  onSaved: (data: ResponseOf<N>) => void;
  /** Asked before a valid draft is sent; false holds the save (the merchant said no). */
  confirm?: (draft: T) => Promise<boolean>;
  /** The field (its dotted path in the draft) a path of the request points to; null for none. */
  placeOf?: (path: IssuePath) => string | null;
}

export interface SaveBarForm<T> {
  /** Undefined until the saved data is there. */
  draft: T | undefined;
  /** Merges fields into the draft. */
  change(partial: Partial<T>): void;
  showErrors: boolean;
  /**
   * The schema's messages by field path ("blockPage.title"), empty while errors are hidden;
   * where the schema finds nothing, the server's refusal of the last save.
   */
  errors: Record<string, string>;
  /**
   * What is wrong beyond the fields: the server's problems of no one field in the last save's
   * refusal (its sentence when it listed none), or the schema's (its `root`) while errors show.
   */
  refusal: string | null;
  /** The fields the server's refusal of the last save has problems at. */
  refusedFields: string[];
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

/** Above the form: the problems of no field, or the server's sentence when it listed none. */
function refusalText(refused: PlacedIssues<string> | undefined): string | null {
  if (refused === undefined) return null;
  return refused.unplaced.length > 0 ? refused.unplaced.join(' ') : refused.banner;
}

/** The first problem of each field. */
function firstOfEach(at: Partial<Record<string, string[]>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [field, messages] of Object.entries(at)) {
    if (messages?.[0] !== undefined) out[field] = messages[0];
  }
  return out;
}

export function useSaveBarForm<T extends FieldValues, N extends CallName>(
  saved: T | undefined,
  { schema, submit, onSaved, confirm, placeOf }: SaveBarFormOptions<T, N>,
): SaveBarForm<T> {
  const form = useForm<T>({
    defaultValues: saved as DefaultValues<T> | undefined,
    resolver: schema ? (zodResolver(schema as never) as unknown as Resolver<T>) : undefined,
  });
  const watched = useWatch({ control: form.control }) as Partial<T>;
  const { errors } = form.formState;
  const [saving, setSaving] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const [refused, setRefused] = useState<PlacedIssues<string> | undefined>();
  // Newly loaded data replaces the draft only while the merchant has no unsaved edits, or when
  // it is the answer to the save just made (what was stored, in its normal form); the form
  // takes it in after the render that brought it: until then that data is the draft.
  const loaded = useRef(saved);
  const adoptNext = useRef(false);
  useEffect(() => {
    const previous = loaded.current;
    if (saved === previous) return;
    loaded.current = saved;
    if (
      saved !== undefined &&
      (previous === undefined || adoptNext.current || dequal(form.getValues(), previous))
    ) {
      adoptNext.current = false;
      form.reset(saved);
    }
  }, [form, saved]);
  const draft = saved === undefined ? undefined : ({ ...saved, ...watched } as T);

  const send = async (values: T) => {
    setSaving(true);
    if (confirm && !(await confirm(values))) {
      setSaving(false);
      return;
    }
    const outcome = await submit(values);
    setSaving(false);
    if (!outcome.result) {
      if (placeOf) setRefused(placeIssues(outcome.message, outcome.error?.issues, placeOf));
      return;
    }
    setShowErrors(false);
    setRefused(undefined);
    onSaved(outcome.data);
    // What was sent (with what the page took in from the answer) is now what is stored.
    form.reset(form.getValues());
    adoptNext.current = true;
  };

  const shown = showErrors ? errorsByPath(errors) : {};
  return {
    draft,
    change: (partial) => {
      adoptNext.current = false;
      setRefused(undefined);
      for (const [key, value] of Object.entries(partial)) {
        const name = key as Path<T>;
        form.setValue(name, value as PathValue<T, Path<T>>, { shouldDirty: true });
      }
      // Shown errors follow the whole draft: a change can clear or reveal another field's.
      if (showErrors) void form.trigger();
    },
    showErrors,
    errors: { ...firstOfEach(refused?.at ?? {}), ...shown },
    refusal: refusalText(refused) ?? shown.root ?? null,
    refusedFields: Object.keys(refused?.at ?? {}),
    revealErrors: () => {
      setShowErrors(true);
      void form.trigger();
    },
    saveBar: {
      dirty: draft !== undefined && !dequal(draft, saved),
      saving,
      onSave: () => void form.handleSubmit(send, () => setShowErrors(true))(),
      onDiscard: () => {
        form.reset(saved as DefaultValues<T> | undefined);
        setShowErrors(false);
        setRefused(undefined);
      },
    },
  };
}
