// The policy notifier on the notify hub: where messages reach other instances it sends each
// change on the policy channel and hands what arrives to the cache (a change per shop, and a
// resync after the hub's listener reconnected); where this process is the only one it sends
// and listens to nothing.
import { describe, expect, it } from 'vitest';
import type { NotifyHub, NotifyListener } from '../../core/db/notify-hub.js';
import { createPolicyNotifier, POLICY_CHANNEL } from './policy-notifier.js';

function fakeHub(shared: boolean) {
  const sent: [string, string][] = [];
  const listeners = new Map<string, NotifyListener>();
  const hub: NotifyHub = {
    shared,
    publish: async (channel, payload) => {
      sent.push([channel, payload]);
    },
    subscribe: (channel, listener) => {
      listeners.set(channel, listener);
      return () => listeners.delete(channel);
    },
    close: async () => {},
  };
  return { hub, sent, listeners };
}

describe('the policy notifier', () => {
  it('sends changes on the policy channel and hands on what arrives', async () => {
    const { hub, sent, listeners } = fakeHub(true);
    const heard: string[] = [];
    const notifier = createPolicyNotifier(hub, {
      onChange: (shopId) => heard.push(shopId),
      onResync: () => heard.push('resync'),
    });
    await notifier.publish('shop-1');
    expect(sent).toEqual([[POLICY_CHANNEL, 'shop-1']]);
    const listener = listeners.get(POLICY_CHANNEL)!;
    listener('shop-2');
    listener(null);
    listener('');
    expect(heard).toEqual(['shop-2', 'resync']);
    notifier.close();
    expect(listeners.size).toBe(0);
  });

  it('hands on no message of its own, which this instance applied before sending it', async () => {
    const { hub, listeners } = fakeHub(true);
    const heard: string[] = [];
    const notifier = createPolicyNotifier(hub, {
      onChange: (shopId) => heard.push(shopId),
      onResync: () => {},
    });
    const listener = listeners.get(POLICY_CHANNEL)!;
    await notifier.publish('shop-1');
    await notifier.publish('shop-1');
    listener('shop-1');
    listener('shop-1');
    expect(heard).toEqual([]);
    // Another instance's change after them is handed on.
    listener('shop-1');
    expect(heard).toEqual(['shop-1']);
    // After a reconnection no message of its own is awaited any longer.
    await notifier.publish('shop-1');
    listener(null);
    listener('shop-1');
    expect(heard).toEqual(['shop-1', 'shop-1']);
    notifier.close();
    expect(listeners.size).toBe(0);
  });

  it('sends and listens to nothing where this process is the only one', async () => {
    const { hub, sent, listeners } = fakeHub(false);
    const notifier = createPolicyNotifier(hub, { onChange: () => {}, onResync: () => {} });
    await notifier.publish('shop-1');
    expect(sent).toEqual([]);
    expect(listeners.size).toBe(0);
    notifier.close();
  });
});
