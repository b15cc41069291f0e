// Tells every server instance that a shop's rules changed, so each rebuilds its compiled
// policy: a message with the shop id on channel `gatehouse_policy` of the app's notify hub
// (db/notify-hub.ts, the one place that LISTENs). On PostgreSQL it reaches every instance,
// this one included, where it is not handed on: this instance rebuilt before it sent it. After
// the hub's listener reconnected every cached policy is refreshed, since messages sent while it
// was away are lost (its own among them, so none is still awaited). On PGlite there is only ever one process,
// which applies the change itself, so nothing is sent.
import type { NotifyHub } from '../../core/db/notify-hub.js';

export const POLICY_CHANNEL = 'gatehouse_policy';

export interface PolicyNotifier {
  /** Tells the other instances (and, on PostgreSQL, this one) that the shop changed. */
  publish(shopId: string): Promise<void>;
  close(): void;
}

export interface NotifierHandlers {
  onChange(shopId: string): void;
  /** The listener (re)connected: anything may have changed meanwhile. */
  onResync(): void;
}

export function createPolicyNotifier(hub: NotifyHub, handlers: NotifierHandlers): PolicyNotifier {
  if (!hub.shared) return { publish: async () => {}, close: () => {} };
  /** This instance's messages not heard back yet, per shop. */
  const own = new Map<string, number>();
  const heardBack = (shopId: string, by: 1 | -1) => {
    const count = (own.get(shopId) ?? 0) + by;
    if (count > 0) own.set(shopId, count);
    else own.delete(shopId);
  };
  const unsubscribe = hub.subscribe(POLICY_CHANNEL, (payload) => {
    if (payload === null) {
      own.clear();
      handlers.onResync();
    } else if (payload !== '') {
      // Any one message for the shop stands for ours: whichever comes later is handed on, and
      // its rebuild reads what both changes wrote.
      if (own.has(payload)) heardBack(payload, -1);
      else handlers.onChange(payload);
    }
  });
  return {
    async publish(shopId) {
      heardBack(shopId, 1);
      try {
        await hub.publish(POLICY_CHANNEL, shopId);
      } catch (error) {
        heardBack(shopId, -1);
        throw error;
      }
    },
    close: unsubscribe,
  };
}
