// A settings-style page saved with the contextual save bar: the editable draft of what was
// loaded, the save under way, and whether field errors are shown (after a Save that the draft's
// errors stopped, or when the page asks; hidden again once saved or discarded). The page renders
// `<SaveBar {...form.saveBar} />`; failed saves are toasted by the API client.
import { useState } from 'react';
import type { CallName, ResponseOf } from '@gatehouse/contracts';
import type { SaveBarProps } from '../components/save-bar.js';
import type { ApiOutcome } from './api-client.js';
import { useDraft } from './use-draft.js';

export interface SaveBarFormOptions<T, N extends CallName> {
  /** True when the draft has errors that must be fixed before it can be saved. */
  invalid: (draft: T) => boolean;
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
  revealErrors(): void;
  saveBar: SaveBarProps;
}

export function useSaveBarForm<T extends object, N extends CallName>(
  saved: T | undefined,
  { invalid, submit, onSaved, confirm }: SaveBarFormOptions<T, N>,
): SaveBarForm<T> {
  const { draft, dirty, update, discard } = useDraft<T>(saved);
  const [saving, setSaving] = useState(false);
  const [showErrors, setShowErrors] = useState(false);

  const save = async () => {
    if (draft === undefined) return;
    if (invalid(draft)) {
      setShowErrors(true);
      return;
    }
    setSaving(true);
    if (confirm && !(await confirm(draft))) {
      setSaving(false);
      return;
    }
    const outcome = await submit(draft);
    setSaving(false);
    if (!outcome.result) return;
    setShowErrors(false);
    onSaved(outcome.data);
  };

  return {
    draft,
    change: (partial) => update((current) => ({ ...current, ...partial })),
    showErrors,
    revealErrors: () => setShowErrors(true),
    saveBar: {
      dirty,
      saving,
      onSave: () => void save(),
      onDiscard: () => {
        discard();
        setShowErrors(false);
      },
    },
  };
}
