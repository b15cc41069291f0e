// What a shop's sessions may do changed: a session was revoked (logout), the shop uninstalled,
// or its plan changed. Whatever keeps something open for a session (the access log's live
// tail) must check it again at once rather than at its next periodic look. The shop's id is
// published on ACCESS_CHANGED_CHANNEL of the notification hub, which reaches this instance and
// every other one; a listener told `null` (the hub reconnected, messages may be lost) checks
// every session it holds.
import type { FastifyBaseLogger } from 'fastify';
import type { NotifyHub } from '../db/notify-hub.js';

export const ACCESS_CHANGED_CHANNEL = 'gatehouse_access';

/**
 * Tells every instance that a shop's sessions or plan changed. The change itself is already
 * stored; a message that cannot be sent is logged, and the periodic checks still end what it
 * would have ended.
 */
export async function accessChanged(
  notify: NotifyHub,
  log: FastifyBaseLogger,
  shopId: string,
): Promise<void> {
  try {
    await notify.publish(ACCESS_CHANGED_CHANNEL, shopId);
  } catch (error) {
    log.warn({ err: error, shopId }, 'could not tell the instances that a session or plan changed');
  }
}
