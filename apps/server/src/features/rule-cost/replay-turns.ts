// One replay at a time per shop on this instance. A replay holds a share of the server for up
// to its time budget, and a page that changes its draft asks again before the last answer is
// in: a request that finds its shop's replay running waits its turn, and only the newest
// waits — the one it replaces (a draft the merchant has moved on from) is answered with 429
// at once. A waiting request whose caller leaves gives its place up.
import { tooManyRequests } from '../../core/errors.js';

export interface ReplayTurns {
  /**
   * Runs `work` once no other replay of the shop runs; rejects with 429 when a newer request
   * of the same shop takes this one's place while it waits, and with the signal's reason when
   * the caller leaves first.
   */
  run<T>(shopId: string, signal: AbortSignal, work: () => Promise<T>): Promise<T>;
  /** Shops with a replay running (for tests and the log). */
  readonly running: number;
}

interface Waiter {
  start(): void;
  reject(error: unknown): void;
}

interface ShopTurn {
  waiter: Waiter | null;
}

export function createReplayTurns(supersededMessage: string): ReplayTurns {
  const shops = new Map<string, ShopTurn>();

  const finish = (shopId: string, turn: ShopTurn) => {
    const next = turn.waiter;
    turn.waiter = null;
    if (next) next.start();
    else shops.delete(shopId);
  };

  return {
    get running() {
      return shops.size;
    },
    async run(shopId, signal, work) {
      signal.throwIfAborted();
      let turn = shops.get(shopId);
      if (turn) {
        const current = turn;
        await new Promise<void>((resolve, reject) => {
          const leave = () => {
            if (current.waiter === waiter) current.waiter = null;
            reject(signal.reason);
          };
          const waiter: Waiter = {
            start: () => {
              signal.removeEventListener('abort', leave);
              resolve();
            },
            reject: (error) => {
              signal.removeEventListener('abort', leave);
              reject(error);
            },
          };
          current.waiter?.reject(tooManyRequests(supersededMessage));
          current.waiter = waiter;
          signal.addEventListener('abort', leave, { once: true });
        });
      } else {
        turn = { waiter: null };
        shops.set(shopId, turn);
      }
      try {
        return await work();
      } finally {
        finish(shopId, turn);
      }
    },
  };
}
