// The real PGlite worker, plus a way to make it die on demand, for the crash tests of
// pglite-worker-client.test.ts: the statement `crash: throw` throws an uncaught error in the
// worker, `crash: exit` ends its thread with exit code 3. Either way before the worker sees it.
import { parentPort } from 'node:worker_threads';

parentPort?.on('message', (message) => {
  if (message.sql === 'crash: throw') throw new Error('the worker broke');
  if (message.sql === 'crash: exit') process.exit(3);
});
await import('./pglite-worker.mjs');
