// One interactive transaction on the PGlite worker, as the callback of
// `PGliteWorker.transaction()` sees it: PGlite's Transaction (query, exec, rollback, closed).
// Its statements run inside the transaction the worker holds open until the callback ends.
import type { QueryOptions, Results } from '@electric-sql/pglite';
import type { PGliteWorker } from './pglite-worker-client.js';

export class WorkerTransaction {
  #closed = false;

  constructor(
    private readonly client: PGliteWorker,
    private readonly id: number,
  ) {}

  get closed(): boolean {
    return this.#closed;
  }

  async query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    this.#checkOpen();
    return this.client.runQuery<T>(sql, params, options, this.id);
  }

  async exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    this.#checkOpen();
    return this.client.runExec(sql, options, this.id);
  }

  /** Rolls back now; the transaction then takes no more statements and is not committed. */
  async rollback(): Promise<void> {
    this.#checkOpen();
    await this.client.rollbackTransaction(this.id);
    this.#closed = true;
  }

  /** @internal The callback has ended: later statements are refused. */
  markClosed(): void {
    this.#closed = true;
  }

  #checkOpen(): void {
    if (this.#closed) throw new Error('Transaction is closed');
  }
}
