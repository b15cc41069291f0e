// The embedded PGlite database, hosted in a worker thread (pglite-worker.mjs) so that queries,
// which PGlite runs synchronously on the thread that calls it, never hold up the server's
// event loop. This is the main thread's side: the part of PGlite's API the server uses
// (`query`, `exec`, interactive `transaction`, `close`, `waitReady`), enough for
// `drizzle-orm/pglite`, its migrator and the visit writer. Results and errors come back in
// PGlite's own shapes.
//
// Messages to the worker: `{ id, op: 'query' | 'exec', sql, params?, options?, tx? }`,
// `{ id, op: 'begin' }` (the transaction is then known by that id), `{ id, op: 'rollback' |
// 'end', tx, commit? }`, `{ id, op: 'savePrepared' }`, `{ id, op: 'close' }`. Answers:
// `{ id, ok: true, value }` or `{ id, ok: false, error }`, and once at start
// `{ ready: true, prepared }` or `{ ready: false, error }`.
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { reviveError, type SerializedError } from './worker-errors.js';
import { applyParsers, toWireOptions } from './worker-query-options.js';
import { WorkerTransaction } from './worker-transaction.js';

export { WorkerTransaction } from './worker-transaction.js';

type Request =
  | { op: 'query'; sql: string; params?: unknown[]; options?: unknown; tx?: number }
  | { op: 'exec'; sql: string; options?: unknown; tx?: number }
  | { op: 'begin' }
  | { op: 'rollback'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'savePrepared' }
  | { op: 'close' };

type Reply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: SerializedError }
  | { ready: true; prepared: boolean }
  | { ready: false; error: SerializedError };

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  options: QueryOptions | undefined;
}

export interface PGliteWorkerOptions {
  /** Told once if the worker dies; by default written to stderr. */
  onCrash?: (error: Error) => void;
  /** The worker's entry; only tests name another one. */
  workerUrl?: URL;
  /**
   * Where fresh in-memory databases keep the template they start from (see pglite-open.mjs);
   * null: none, every one runs initdb. By default a folder in the system's temp folder.
   */
  templateDir?: string | null;
  /**
   * An in-memory database starts from the prepared template of this key when there is one
   * (`fromPreparedTemplate`); `savePreparedTemplate()` makes it. Null: the fresh template.
   */
  preparedKey?: string | null;
}

const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);

export class PGliteWorker {
  /** Settles when the database is open (rejects if it could not be opened). */
  readonly waitReady: Promise<void>;

  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #onCrash: (error: Error) => void;
  readonly #exited: Promise<void>;
  #nextId = 1;
  #openTransactions = 0;
  #referenced = true;
  #ready = false;
  #prepared = false;
  #starting = true;
  #closing = false;
  #closed = false;
  #closePromise: Promise<void> | undefined;
  /** Set once the worker is gone without being closed: every call then fails with it. */
  #failure: Error | undefined;
  #exitedNow = false;

  constructor(dataDir: string, options: PGliteWorkerOptions = {}) {
    this.#onCrash = options.onCrash ?? ((error) => console.error(error));
    // Plain Node in the worker: its entry is JavaScript, whatever loader runs the caller.
    this.#worker = new Worker(options.workerUrl ?? WORKER_URL, {
      workerData: {
        dataDir,
        templateDir: options.templateDir,
        preparedKey: options.preparedKey ?? null,
      },
      execArgv: [],
    });
    let readyCallbacks!: { resolve: () => void; reject: (error: Error) => void };
    this.waitReady = new Promise<void>((resolve, reject) => {
      readyCallbacks = { resolve, reject };
    });
    // A caller that never awaits waitReady must not see an unhandled rejection.
    this.waitReady.catch(() => {});
    this.#worker.on('message', (reply: Reply) => {
      if ('ready' in reply) {
        this.#starting = false;
        this.#updateReference();
        if (reply.ready) {
          this.#ready = true;
          this.#prepared = reply.prepared;
          readyCallbacks.resolve();
        } else {
          // Not a crash: the caller awaiting waitReady (openDatabase) reports it.
          const error = reviveError(reply.error);
          this.#fail(
            new Error(`PGlite could not open its database: ${error.message}`, { cause: error }),
            false,
          );
          readyCallbacks.reject(error);
        }
        return;
      }
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      this.#updateReference();
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(reviveError(reply.error, pending.options));
    });
    this.#worker.on('messageerror', (error) => {
      // An answer that cannot be read would leave its caller waiting forever.
      this.#fail(
        new Error('The PGlite worker sent a message that could not be read', { cause: error }),
      );
      void this.#worker.terminate();
    });
    this.#worker.on('error', (error) => {
      this.#fail(new Error(`The PGlite worker crashed: ${error.message}`, { cause: error }));
    });
    this.#exited = new Promise((resolve) => {
      this.#worker.once('exit', (code) => {
        if (!this.#closed) {
          this.#fail(new Error(`The PGlite worker stopped unexpectedly (exit code ${code})`));
        }
        if (this.#starting) readyCallbacks.reject(this.#failure ?? new Error('PGlite is closed'));
        this.#exitedNow = true;
        resolve();
      });
    });
  }

  get ready(): boolean {
    return this.#ready && !this.#closing && !this.#closed;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Whether the database came from the prepared template of `options.preparedKey`. */
  get fromPreparedTemplate(): boolean {
    return this.#prepared;
  }

  /** Keeps the database as it is now as that template; false when no folder or key is set. */
  async savePreparedTemplate(): Promise<boolean> {
    return (await this.#send({ op: 'savePrepared' }, undefined)) as boolean;
  }

  async query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    return this.runQuery<T>(sql, params, options, undefined);
  }

  /** Runs SQL that may hold several statements (no parameters), one result per statement. */
  async exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.runExec(sql, options, undefined);
  }

  /**
   * Runs `fn` in one transaction: committed when it returns, rolled back when it throws (the
   * error is rethrown). Other queries wait until it ends, as with PGlite itself.
   */
  async transaction<T>(fn: (tx: WorkerTransaction) => Promise<T>): Promise<T> {
    const id = this.#nextId++;
    await this.#send({ op: 'begin' }, undefined, false, id);
    this.#openTransactions++;
    const tx = new WorkerTransaction(this, id);
    try {
      let result: T;
      try {
        result = await fn(tx);
      } catch (error) {
        // Rolled back; the caller's error is the one worth seeing, even if the rollback failed.
        tx.markClosed();
        await this.#send({ op: 'end', tx: id, commit: false }, undefined, true).catch(() => {});
        throw error;
      }
      // Commits, unless tx.rollback() already ended it; either way the worker's side ends.
      tx.markClosed();
      await this.#send({ op: 'end', tx: id, commit: true }, undefined, true);
      return result;
    } finally {
      this.#openTransactions--;
      this.#updateReference();
    }
  }

  /** Waits for the calls already made, closes the database and ends the worker. */
  close(): Promise<void> {
    if (!this.#closePromise) {
      this.#closePromise = this.#close();
      // The process waits for the worker to end.
      this.#updateReference();
    }
    return this.#closePromise;
  }

  async #close(): Promise<void> {
    this.#closing = true;
    if (this.#failure) return;
    try {
      await this.#send({ op: 'close' }, undefined, true);
      this.#closed = true;
    } catch (error) {
      this.#closed = true;
      await this.#worker.terminate();
      throw error;
    } finally {
      this.#closing = false;
    }
    await this.#exited;
  }

  /** @internal The worker transaction's statements. */
  async runQuery<T>(
    sql: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    tx: number | undefined,
  ): Promise<Results<T>> {
    const request = { op: 'query', sql, params, options: toWireOptions(options), tx } as const;
    const results = (await this.#send(request, options, tx !== undefined)) as Results<T>;
    return applyParsers(results, options);
  }

  /** @internal */
  async runExec(
    sql: string,
    options: QueryOptions | undefined,
    tx: number | undefined,
  ): Promise<Results[]> {
    const request = { op: 'exec', sql, options: toWireOptions(options), tx } as const;
    const results = (await this.#send(request, options, tx !== undefined)) as Results[];
    return results.map((result) => applyParsers(result, options));
  }

  /** @internal */
  async rollbackTransaction(tx: number): Promise<void> {
    await this.#send({ op: 'rollback', tx }, undefined, true);
  }

  /** Posts one request; `inside` marks the calls an open transaction (or close) may still make. */
  #send(
    request: Request,
    options: QueryOptions | undefined,
    inside = false,
    id = this.#nextId++,
  ): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure);
    if (this.#closed) return Promise.reject(new Error('PGlite is closed'));
    if (this.#closing && !inside) return Promise.reject(new Error('PGlite is closing'));
    return new Promise((resolve, reject) => {
      try {
        this.#worker.postMessage({ ...request, id });
      } catch (error) {
        // Something in the parameters cannot be copied to another thread (a function…).
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      this.#pending.set(id, { resolve, reject, options });
      this.#updateReference();
    });
  }

  // While anything is under way the worker keeps the process alive; idle, it does not, so a
  // script that forgets close() still exits, as it would with PGlite in-process.
  #updateReference(): void {
    const busy =
      this.#starting ||
      this.#pending.size > 0 ||
      this.#openTransactions > 0 ||
      (this.#closePromise !== undefined && !this.#exitedNow);
    if (busy === this.#referenced) return;
    this.#referenced = busy;
    if (busy) this.#worker.ref();
    else this.#worker.unref();
  }

  #fail(error: Error, report = true): void {
    if (this.#failure) return;
    this.#failure = error;
    if (report) this.#onCrash(error);
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
    this.#updateReference();
  }
}
