// "You have new message" (SPEC.md §2, §4): the latest unread notification, read-only. It is
// fetched at once and every 5 minutes; "Mark as Read" closes the dialog once the server
// agreed; "Cancel" hides this message until the next poll brings a different one.
import { useState } from 'react';
import { Modal, TextField } from '@shopify/polaris';
import { useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api-client.js';
import { useApiQuery } from '../../lib/api-query.js';
import { NOTIFICATION_POLL_MS } from '../../lib/constants.js';

export function NotificationDialog({ enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const { data } = useApiQuery(
    'getNotification',
    {},
    { defaultData: undefined, enabled, refetchInterval: NOTIFICATION_POLL_MS, staleTime: 0 },
  );
  const [closedId, setClosedId] = useState<string | null>(null);
  const [marking, setMarking] = useState(false);

  const id = data?.id ?? null;
  const content = data?.content ?? '';
  const open = enabled && id !== null && content.trim() !== '' && closedId !== id;

  const markAsRead = async () => {
    if (id === null) return;
    setMarking(true);
    const outcome = await callApi('markMessageRead', { id });
    setMarking(false);
    if (!outcome.result) return;
    setClosedId(id);
    void queryClient.invalidateQueries({ queryKey: ['getNotification'] });
  };

  return (
    <Modal
      open={open}
      onClose={() => setClosedId(id)}
      title="You have new message"
      primaryAction={{
        content: 'Mark as Read',
        loading: marking,
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
