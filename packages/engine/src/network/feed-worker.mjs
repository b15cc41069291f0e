// The worker thread that parses network feeds and builds their index (feed-work.ts), so that a
// refresh of files with hundreds of thousands of lines never blocks the event loop of the
// server or of a firewall.
// Plain JavaScript on purpose: a worker's entry file is not transformed by tsx or vitest, so it
// registers tsx itself before loading the TypeScript it runs. One piece of work per thread.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { runFeedWork } = await import('./feed-work.ts');
const { FeedError } = await import('./feeds.ts');

parentPort?.once('message', (work) => {
  try {
    const { result, transfer } = runFeedWork(work);
    parentPort?.postMessage({ ok: true, result }, transfer);
  } catch (error) {
    parentPort?.postMessage({
      ok: false,
      refused: error instanceof FeedError,
      message: error instanceof Error ? error.message : String(error),
    });
  }
});
