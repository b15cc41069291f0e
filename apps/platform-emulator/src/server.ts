// Runs the platform emulator on EMULATOR_PORT and closes it cleanly on SIGINT/SIGTERM.
import { closeGracefully } from '@gatehouse/graceful-close';
import { buildEmulator } from './app.js';
import { loadEnv } from './env.js';

const env = loadEnv();
const app = await buildEmulator({
  publicUrl: env.publicUrl,
  appUrl: env.appUrl,
  apiKey: env.apiKey,
  apiSecret: env.apiSecret,
  stateFile: env.stateFile,
  nonExpiringTokenCutoff: env.nonExpiringTokenCutoff,
  ...(env.appConfigFile === undefined ? {} : { appConfigFile: env.appConfigFile }),
  ...(env.scriptTagsEndAt === undefined ? {} : { scriptTagsEndAt: env.scriptTagsEndAt }),
  logger: { level: env.logLevel },
});

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'closing platform emulator');
    closeGracefully(app, 10_000).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error(error);
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: env.port, host: env.host });
app.log.info(
  `Platform emulator at ${env.publicUrl} (store admin: ${env.publicUrl}/shops/demo.myshopify.com/admin)`,
);
