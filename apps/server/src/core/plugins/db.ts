// Opens the database (PGlite or Postgres), applies migrations, exposes it as app.db and closes
// it when the app closes.
import fp from 'fastify-plugin';
import { openDatabase, type Database } from '../db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    dbKind: 'pglite' | 'postgres';
  }
}

export const dbPlugin = fp(
  async (app) => {
    const opened = await openDatabase({
      databaseUrl: app.config.databaseUrl,
      pgliteDir: app.config.pgliteDir,
      onIdleError: (error) =>
        app.log.warn({ err: error }, 'an idle database connection failed; the pool replaces it'),
    });
    app.decorate('db', opened.db);
    app.decorate('dbKind', opened.kind);
    app.addHook('onClose', async () => {
      await opened.close();
    });
    app.log.debug({ kind: opened.kind }, 'database ready');
  },
  { name: 'db', dependencies: ['config'] },
);
