// `app.notify`: messages between server instances on named channels (db/notify-hub.ts), over
// PostgreSQL's LISTEN/NOTIFY, or in-process on PGlite. Closed with the app.
import fp from 'fastify-plugin';
import { createLocalHub, createPostgresHub, type NotifyHub } from '../db/notify-hub.js';

declare module 'fastify' {
  interface FastifyInstance {
    notify: NotifyHub;
  }
}

export const notifyPlugin = fp(
  async (app) => {
    const { databaseUrl } = app.config;
    const hub =
      app.dbKind === 'postgres' && databaseUrl
        ? createPostgresHub(databaseUrl, app.db, app.log)
        : createLocalHub();
    app.decorate('notify', hub);
    app.addHook('onClose', async () => {
      await hub.close();
    });
  },
  { name: 'notify', dependencies: ['db'] },
);
