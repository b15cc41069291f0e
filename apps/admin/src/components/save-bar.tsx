// The contextual save bar of the settings-style pages: appears in the top bar while there are
// unsaved changes, with Save and Discard. While it shows, leaving the page asks first: a move
// to another page of the app opens "Leave page with unsaved changes?" (Stay keeps the edits,
// Leave page drops them), and a reload, a close or a move off the app gets the browser's own
// question.
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ContextualSaveBar, Modal, Text } from '@shopify/polaris';

export interface SaveBarProps {
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
  onDiscard: () => void;
}

export function SaveBar({ dirty, saving, onSave, onDiscard }: SaveBarProps) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const ask = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [dirty]);

  return (
    <>
      {dirty && (
        <ContextualSaveBar
          message="Unsaved changes"
          saveAction={{ content: 'Save', onAction: onSave, loading: saving, disabled: saving }}
          discardAction={{ content: 'Discard', onAction: onDiscard, disabled: saving }}
        />
      )}
      <Modal
        open={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title="Leave page with unsaved changes?"
        primaryAction={{
          content: 'Leave page',
          destructive: true,
          onAction: () => blocker.proceed?.(),
        }}
        secondaryActions={[{ content: 'Stay', onAction: () => blocker.reset?.() }]}
      >
        <Modal.Section>
          <Text as="p">Leaving this page will discard all unsaved changes.</Text>
        </Modal.Section>
      </Modal>
    </>
  );
}
