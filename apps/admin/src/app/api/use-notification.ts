// The latest unread notification, fetched at once and then on every poll.
import { useApiQuery } from '../../lib/api-query.js';
import { NOTIFICATION_POLL_MS } from '../../lib/constants.js';

export function useNotification(enabled: boolean) {
  return useApiQuery(
    'getNotification',
    {},
    { defaultData: undefined, enabled, refetchInterval: NOTIFICATION_POLL_MS, staleTime: 0 },
  );
}
