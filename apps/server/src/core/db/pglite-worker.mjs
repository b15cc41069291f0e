// The worker thread that hosts the embedded PGlite database, so that Postgres (which PGlite
// runs synchronously on the thread that calls it) never blocks the server's event loop.
// The main thread talks to it through `pglite-worker-client.ts`; the messages are described
// there. Plain JavaScript on purpose: it is started with `new Worker(url)` and must run as is
// under tsx, vitest and the benches, none of which transform a worker's entry file.
// @ts-check
import { parentPort, workerData } from 'node:worker_threads';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '@electric-sql/pglite';
import { openPGlite, savePreparedTemplate } from './pglite-open.mjs';

/**
 * @typedef {{ rowMode?: 'array' | 'object', rawTypes?: number[], blob?: Blob, paramTypes?: number[] }} WireOptions
 * @typedef {import('@electric-sql/pglite').Transaction} Transaction
 * @typedef {{ tx: Transaction, finish: (commit: boolean) => Promise<void> }} OpenTransaction
 */

// The error fields PGlite's DatabaseError carries (Postgres' ErrorResponse, plus PGlite's
// `query` and `params`); each is copied when set.
const ERROR_FIELDS = [
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
  'query',
  'params',
];

const port = parentPort;
if (!port) throw new Error('pglite-worker.mjs runs only as a worker thread');

/** @type {{ dataDir: string, templateDir?: string | null, preparedKey?: string | null }} */
const {
  dataDir,
  templateDir = join(tmpdir(), 'gatehouse-pglite'),
  preparedKey = null,
} = workerData;

/** @type {import('@electric-sql/pglite').PGlite | undefined} the database, once open */
let pg;
/** @type {any[]} requests that arrived while it was opening, answered in order once open */
const early = [];

/** @type {Map<number, OpenTransaction>} transactions the main thread has open, by id */
const transactions = new Map();

/** @param {unknown} error */
function serializeError(error) {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', database: false };
  /** @type {Record<string, unknown>} */
  const out = {
    message: error.message,
    name: error.name,
    stack: error.stack,
    database: error instanceof messages.DatabaseError,
  };
  const fields = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (error));
  for (const key of ERROR_FIELDS) if (fields[key] !== undefined) out[key] = fields[key];
  if (typeof fields.length === 'number') out.length = fields.length;
  return out;
}

/** @type {Map<string, Record<number, (value: string) => string>>} */
const rawParsers = new Map();
const raw = (/** @type {string} */ value) => value;

// The caller's parsers are functions, which cannot cross threads: here the listed types are
// returned as Postgres' text and the main thread applies the caller's functions to them.
/** @param {WireOptions | undefined} wire */
function queryOptions(wire) {
  if (!wire) return undefined;
  const { rawTypes, ...options } = wire;
  if (!rawTypes || rawTypes.length === 0) return options;
  const key = rawTypes.join(',');
  let parsers = rawParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(rawTypes.map((oid) => [oid, raw]));
    rawParsers.set(key, parsers);
  }
  return { ...options, parsers };
}

/** The session a message addresses: an open transaction, or the database itself. */
function sessionOf(/** @type {number | undefined} */ txId) {
  if (!pg) throw new Error('PGlite is not open');
  if (txId === undefined) return pg;
  const open = transactions.get(txId);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

// The reason a transaction's callback fails when the caller's own callback threw.
const ROLLED_BACK = new Error('rolled back by the caller');

/**
 * Opens a transaction whose callback lasts until the main thread ends it: PGlite keeps every
 * other query waiting meanwhile, exactly as when the callback runs in-process.
 * @param {import('@electric-sql/pglite').PGlite} pg
 * @param {number} id
 */
function begin(pg, id) {
  return new Promise((resolveBegun, rejectBegun) => {
    /** @type {(commit: boolean) => void} */
    let endCallback = () => {};
    const done = pg.transaction(
      (tx) =>
        new Promise((resolve, reject) => {
          endCallback = (commit) => (commit ? resolve(undefined) : reject(ROLLED_BACK));
          transactions.set(id, {
            tx,
            finish: async (commit) => {
              endCallback(commit);
              try {
                await done;
              } catch (error) {
                if (error !== ROLLED_BACK) throw error;
              } finally {
                transactions.delete(id);
              }
            },
          });
          resolveBegun(undefined);
        }),
    );
    // BEGIN itself failed (the callback never ran): that is the answer to `begin`.
    done.catch((error) => {
      if (!transactions.has(id)) rejectBegun(error);
    });
  });
}

// Each request reaches PGlite synchronously, so PGlite takes them in the order they came.
/** @param {any} message */
async function handle(message) {
  switch (message.op) {
    case 'query':
      return sessionOf(message.tx).query(
        message.sql,
        message.params,
        queryOptions(message.options),
      );
    case 'exec':
      return sessionOf(message.tx).exec(message.sql, queryOptions(message.options));
    case 'begin':
      return begin(sessionOf(undefined), message.id);
    case 'rollback': {
      const open = transactions.get(message.tx);
      if (!open) throw new Error('Transaction is closed');
      return open.tx.rollback();
    }
    case 'end': {
      const open = transactions.get(message.tx);
      if (!open) throw new Error('Transaction is closed');
      return open.finish(message.commit);
    }
    case 'savePrepared':
      // Answers whether a template was saved: not without a template folder or a key.
      if (!pg) throw new Error('PGlite is not open');
      if (templateDir === null || preparedKey === null) return false;
      await savePreparedTemplate(pg, templateDir, preparedKey);
      return true;
    case 'close':
      await sessionOf(undefined).close();
      return undefined;
    default:
      throw new Error(`Unknown request to the PGlite worker: ${String(message.op)}`);
  }
}

/** @param {number} id @param {unknown} error */
function replyError(id, error) {
  port.postMessage({ id, ok: false, error: serializeError(error) });
}

/** @param {any} message */
function dispatch(message) {
  handle(message).then(
    (value) => {
      try {
        port.postMessage({ id: message.id, ok: true, value });
      } catch (error) {
        replyError(message.id, error);
      }
      // Nothing else can come after close: let the thread end.
      if (message.op === 'close') port.close();
    },
    (error) => {
      try {
        replyError(message.id, error);
      } catch {
        // A field that cannot be copied (exotic params): the message still tells what failed.
        replyError(message.id, new Error(error instanceof Error ? error.message : String(error)));
      }
    },
  );
}

port.on('message', (message) => {
  if (pg) dispatch(message);
  else early.push(message);
});

openPGlite(dataDir, templateDir, preparedKey).then(
  (opened) => {
    pg = opened.pg;
    port.postMessage({ ready: true, prepared: opened.prepared });
    for (const message of early.splice(0)) dispatch(message);
  },
  (error) => {
    // The main thread fails every call with this; the thread ends.
    port.postMessage({ ready: false, error: serializeError(error) });
    port.close();
  },
);
