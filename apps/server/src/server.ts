// Starts the Gatehouse server: loads the environment, builds the app, listens, and closes
// cleanly (database included) on SIGINT/SIGTERM.
import { buildApp } from './app.js';
import { closeGracefully } from '@gatehouse/graceful-close';
import { loadConfig } from './core/env.js';

const config = loadConfig();
const app = await buildApp(config);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    closeGracefully(app, 10_000).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Gatehouse is running at ${config.appUrl} (${app.dbKind}, platform ${config.platformUrl ?? 'Shopify'})`,
  );
} catch (error) {
  app.log.error({ err: error }, 'could not start');
  await app.close().catch(() => undefined);
  process.exit(1);
}
