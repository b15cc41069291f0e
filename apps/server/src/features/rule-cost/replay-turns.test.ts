// One replay at a time per shop: the next waits its turn, a newer one takes a waiting one's
// place (429), a caller that leaves gives its place up, and other shops never wait.
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../core/errors.js';
import { createReplayTurns } from './replay-turns.js';

/** Work that runs until `finish` is called, and says when it started. */
function heldWork() {
  let finish!: () => void;
  let started = false;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    run: async () => {
      started = true;
      await done;
      return 'done';
    },
    finish: () => finish(),
    get started() {
      return started;
    },
  };
}

const open = () => new AbortController().signal;

/** Lets pending promise callbacks run: a bounded number of event-loop turns. */
async function settle() {
  for (let i = 0; i < 5; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

describe('replay turns', () => {
  it('runs a shop’s second replay only once its first has ended', async () => {
    const turns = createReplayTurns('superseded');
    const first = heldWork();
    const second = heldWork();
    const a = turns.run('shop-1', open(), first.run);
    const b = turns.run('shop-1', open(), second.run);
    await settle();
    expect(first.started).toBe(true);
    expect(second.started).toBe(false);
    first.finish();
    await expect(a).resolves.toBe('done');
    await settle();
    expect(second.started).toBe(true);
    second.finish();
    await expect(b).resolves.toBe('done');
    expect(turns.running).toBe(0);
  });

  it('answers a waiting replay 429 when a newer one of the same shop takes its place', async () => {
    const turns = createReplayTurns('a newer change is replayed');
    const first = heldWork();
    const older = heldWork();
    const newer = heldWork();
    const a = turns.run('shop-1', open(), first.run);
    const b = turns.run('shop-1', open(), older.run);
    const c = turns.run('shop-1', open(), newer.run);
    await expect(b).rejects.toMatchObject({
      statusCode: 429,
      message: 'a newer change is replayed',
    } satisfies Partial<AppError>);
    first.finish();
    await a;
    await settle();
    expect(older.started).toBe(false);
    expect(newer.started).toBe(true);
    newer.finish();
    await expect(c).resolves.toBe('done');
  });

  it('lets a waiting caller that leaves go at once, and starts nothing for it', async () => {
    const turns = createReplayTurns('superseded');
    const first = heldWork();
    const leaving = heldWork();
    const caller = new AbortController();
    const a = turns.run('shop-1', open(), first.run);
    const b = turns.run('shop-1', caller.signal, leaving.run);
    caller.abort(new Error('gone'));
    await expect(b).rejects.toThrow('gone');
    first.finish();
    await a;
    await settle();
    expect(leaving.started).toBe(false);
    expect(turns.running).toBe(0);
  });

  it('never makes one shop wait for another', async () => {
    const turns = createReplayTurns('superseded');
    const first = heldWork();
    const other = heldWork();
    void turns.run('shop-1', open(), first.run);
    const b = turns.run('shop-2', open(), other.run);
    await settle();
    expect(other.started).toBe(true);
    other.finish();
    await expect(b).resolves.toBe('done');
    first.finish();
  });

  it('gives the turn on when a replay fails', async () => {
    const turns = createReplayTurns('superseded');
    const next = heldWork();
    const a = turns.run('shop-1', open(), () => Promise.reject(new Error('broken')));
    const b = turns.run('shop-1', open(), next.run);
    await expect(a).rejects.toThrow('broken');
    await settle();
    expect(next.started).toBe(true);
    next.finish();
    await expect(b).resolves.toBe('done');
  });
});
