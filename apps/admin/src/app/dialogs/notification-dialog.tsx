// "You have new message": the latest unread notification, read-only. It is fetched at once and
// every 5 minutes; "Mark as Read" closes the dialog once the server agreed; "Cancel" hides this
// message until the next poll brings a different one.
import { useState } from 'react';
import { Modal, TextField } from '@shopify/polaris';
import { useMarkMessageRead } from '../api/use-mark-message-read.js';
import { useNotification } from '../api/use-notification.js';

export function NotificationDialog({ enabled }: { enabled: boolean }) {
  const { data } = useNotification(enabled);
  const markRead = useMarkMessageRead();
  const [closedId, setClosedId] = useState<string | null>(null);

  const id = data?.id ?? null;
  const content = data?.content ?? '';
  const open = enabled && id !== null && content.trim() !== '' && closedId !== id;

  const markAsRead = async () => {
    if (id === null) return;
    const outcome = await markRead.call({ id });
    if (!outcome.result) return;
    setClosedId(id);
  };

  return (
    <Modal
      open={open}
      onClose={() => setClosedId(id)}
      title="You have new message"
      primaryAction={{
        content: 'Mark as Read',
        loading: markRead.isPending,
        onAction: () => void markAsRead(),
      }}
      secondaryActions={[{ content: 'Cancel', onAction: () => setClosedId(id) }]}
    >
      <Modal.Section>
        <TextField
          label="Message"
          labelHidden
          value={content}
          readOnly
          multiline={4}
          autoComplete="off"
        />
      </Modal.Section>
    </Modal>
  );
}
