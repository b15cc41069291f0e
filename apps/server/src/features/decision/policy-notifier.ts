// Tells every server instance that a shop's rules changed, so each rebuilds its compiled
// policy: a message with the shop id on channel `gatehouse_policy` of the app's notify hub
// (db/notify-hub.ts, the one place that LISTENs). On PostgreSQL it reaches every instance,
// this one included; after the hub's listener reconnected every cached policy is refreshed,
// since messages sent while it was away are lost. On PGlite there is only ever one process,
// which applies the change itself, so nothing is sent.
import type { NotifyHub } from '../../db/notify-hub.js';

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
  const unsubscribe = hub.subscribe(POLICY_CHANNEL, (payload) => {
    if (payload === null) handlers.onResync();
    else if (payload !== '') handlers.onChange(payload);
  });
  return {
    publish: (shopId) => hub.publish(POLICY_CHANNEL, shopId),
    close: unsubscribe,
  };
}
