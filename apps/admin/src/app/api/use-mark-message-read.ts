// Marks a notification read; the next unread one, if any, is fetched at once.
import { useApiMutation } from '../../lib/api-mutation.js';

export function useMarkMessageRead() {
  return useApiMutation('markMessageRead', { invalidates: ['getNotification'] });
}
