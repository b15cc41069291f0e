// The product as the benches start it: the platform emulator and the server, both in this
// process, on free loopback ports, with the embedded database (PGlite) unless a bench says
// otherwise; and a scratch PostgreSQL database for the benches that can run on one.
import pg from 'pg';
import { buildEmulator } from '@gatehouse/platform-emulator';
import { freePort } from '@gatehouse/test-support';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/core/env.js';

export const API_KEY = 'gatehouse-bench-api-key';
export const API_SECRET = 'gatehouse-bench-api-secret';

/**
 * Starts the emulator and the server. `env` adds or overrides the server's settings (the
 * defaults: PGlite in memory, no admin build, no logs). `appUrl` is the origin the emulator
 * sends the browser to when it is not the server's own (a proxy in front of it), and `appPort`
 * then the server's port behind it. `emulatorHost` is the host name the emulator is reached by,
 * `emulatorPort` its port when the caller needs to know it first.
 */
export async function startProduct({
  env = {},
  appPort,
  appUrl,
  emulatorHost,
  emulatorPort: chosenEmulatorPort,
} = {}) {
  const port = appPort ?? (await freePort());
  const publicAppUrl = appUrl ?? `http://127.0.0.1:${port}`;
  // The emulator needs the app's URL and the app the emulator's: both ports are chosen first.
  // `emulatorHost` (e.g. localhost) makes the emulator's admin another site than the app.
  const emulatorPort = chosenEmulatorPort ?? (await freePort());
  const emulatorUrl = `http://${emulatorHost ?? '127.0.0.1'}:${emulatorPort}`;
  const emulator = await buildEmulator({
    publicUrl: emulatorUrl,
    appUrl: publicAppUrl,
    apiKey: API_KEY,
    apiSecret: API_SECRET,
    stateFile: null,
    logger: false,
  });
  await emulator.listen({ port: emulatorPort, host: '127.0.0.1' });
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: publicAppUrl,
    PLATFORM_URL: emulatorUrl,
    PGLITE_DIR: 'memory://',
    SHOPIFY_API_KEY: API_KEY,
    SHOPIFY_API_SECRET: API_SECRET,
    APP_SECRET: 'gatehouse-bench-app-secret-0123456789',
    ADMIN_DIST: '/nonexistent/admin-dist',
    LOG_LEVEL: 'silent',
    ...env,
  });
  let app;
  try {
    app = await buildApp(config, { logger: false });
    await app.listen({ port, host: '127.0.0.1' });
  } catch (error) {
    await emulator.close();
    throw error;
  }
  return {
    app,
    emulator,
    appUrl: publicAppUrl,
    emulatorUrl,
    async close() {
      await Promise.all([app.close(), emulator.close()]);
    },
  };
}

/** A scratch database on the given PostgreSQL server, so every run starts empty; `drop()` ends it. */
export async function scratchDatabase(serverUrl) {
  const name = `gatehouse_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
