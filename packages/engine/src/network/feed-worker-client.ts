// Runs a piece of feed work (feed-work.ts) on its own worker thread when the files are big
// enough to stall the event loop, in place otherwise. A thread that cannot start or dies is
// logged and the work runs in place, so classification never goes without its feeds; a thread
// that takes longer than the time-out is stopped and the work fails.
import { Worker } from 'node:worker_threads';
import { runFeedWork, type FeedWork } from './feed-work.js';
import { FeedError } from './feeds.js';

const WORKER_URL = new URL('./feed-worker.mjs', import.meta.url);

/** Below this many bytes of feed text the work runs in place (a few milliseconds at most). */
export const IN_PLACE_BYTES = 256 * 1024;

export class FeedWorkTimeout extends Error {}

function bytesOf(work: FeedWork): number {
  if (work.op === 'count') return work.body.length;
  if (work.op === 'copies') return work.text.length;
  return work.feeds.reduce((sum, f) => sum + f.body.length, 0);
}

function onThread<R>(work: FeedWork, timeoutMs: number): Promise<R> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, { execArgv: [] });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(new FeedWorkTimeout(`feed work took longer than ${timeoutMs / 1000} s`)),
        ),
      timeoutMs,
    );
    type Answer = { ok: true; result: R } | { ok: false; refused: boolean; message: string };
    worker.once('message', (answer: Answer) =>
      finish(() => {
        if (answer.ok) resolve(answer.result);
        // Input refused there would be refused here too: it is not run again in place.
        else reject(answer.refused ? new FeedError(answer.message) : new Error(answer.message));
      }),
    );
    worker.once('error', (error) => finish(() => reject(error)));
    worker.once('exit', (code) =>
      finish(() => reject(new Error(`the feed worker stopped (exit code ${code})`))),
    );
    worker.postMessage(work);
  });
}

export async function runFeedWorkOffThread<R>(
  work: FeedWork,
  log: { warn(obj: object, msg: string): void },
  timeoutMs = 120_000,
): Promise<{ result: R; where: 'thread' | 'in place' }> {
  if (bytesOf(work) < IN_PLACE_BYTES) {
    return { result: runFeedWork(work).result as R, where: 'in place' };
  }
  try {
    return { result: await onThread<R>(work, timeoutMs), where: 'thread' };
  } catch (error) {
    if (error instanceof FeedWorkTimeout || error instanceof FeedError) throw error;
    log.warn({ err: error }, 'the feed worker failed; parsing the feeds on the main thread');
    return { result: runFeedWork(work).result as R, where: 'in place' };
  }
}
