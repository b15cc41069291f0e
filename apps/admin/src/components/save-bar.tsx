// The contextual save bar of the settings-style pages: appears in the top bar while there are
// unsaved changes, with Save and Discard.
import { ContextualSaveBar } from '@shopify/polaris';

export interface SaveBarProps {
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
}

export function SaveBar({ dirty, saving, onSave, onDiscard }: SaveBarProps) {
  if (!dirty) return null;
  return (
    <ContextualSaveBar
      message="Unsaved changes"
      saveAction={{ content: 'Save', onAction: onSave, loading: saving, disabled: saving }}
      discardAction={{ content: 'Discard', onAction: onDiscard, disabled: saving }}
    />
  );
}
