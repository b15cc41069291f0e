// Starts the whole product for a browser test file: the platform emulator and the server as
// their own processes (exactly as `npm start` runs them) on free loopback ports, with a
// fresh PGlite folder and an in-memory emulator, and stops them afterwards. The PGlite folder
// is a copy of the one the run prepared (global-setup.ts): migrated, with the job queue's tables.
import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@gatehouse/test-support';
import { inject } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');
/** The app's client secret on the platform: what Shopify signs the admin's address with. */
export const PLATFORM_APP_SECRET = 'gatehouse-dev-api-secret';

export interface Stack {
  appUrl: string;
  emulatorUrl: string;
  supportKey: string;
  /** The server's secret file (a firewall started beside it derives its key from it). */
  appSecretFile: string;
  /** Calls the server's support API, as `npm run support` does. */
  support<T = unknown>(path: string, body?: unknown): Promise<T>;
  /**
   * Stops the server, runs `whileStopped` (which may open its database folder, `env` holding
   * the server's PGLITE_DIR and APP_SECRET_FILE), and starts it again on the same data.
   */
  restartServer(whileStopped: (env: Record<string, string>) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

/** Starting with a fresh database can take well over a minute on a busy machine. */
const START_MS = 180_000;

export async function waitFor(
  url: string,
  child: ChildProcess,
  output: () => string,
): Promise<void> {
  for (let i = 0; i < START_MS / 100; i += 1) {
    if (child.exitCode !== null) throw new Error(`process exited early:\n${output()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within ${START_MS / 1000} s:\n${output()}`);
}

export function launch(
  entry: string,
  env: Record<string, string>,
  args: string[] = [],
): { child: ChildProcess; output: () => string } {
  let log = '';
  const child = spawn(tsx, [entry, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'pipe',
  });
  child.stdout?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-20_000)));
  child.stderr?.on('data', (d: Buffer) => (log = (log + d.toString()).slice(-20_000)));
  return { child, output: () => log };
}

/** Stops a process: SIGTERM, then SIGKILL if it has not exited within 5 s. */
function end(child: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
  });
}

export interface StackOptions {
  /**
   * The host name the emulator is reached by (it listens on 127.0.0.1 either way): `localhost`
   * makes its admin another site than the app on 127.0.0.1, as Shopify's admin is.
   */
  emulatorHostName?: string;
}

/** Attempts at ports another process takes between their choice and the servers' listen. */
const PORT_ATTEMPTS = 5;

/**
 * `serverEnv` adds or overrides the server's settings (e.g. another ADMIN_DIST). The servers'
 * addresses are part of each other's settings, so their ports are chosen before they start:
 * when another process takes one first, the stack is started again on fresh ones.
 */
export async function startStack(
  serverEnv: Record<string, string> = {},
  options: StackOptions = {},
): Promise<Stack> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startStackOn(await freePort(), await freePort(), serverEnv, options);
    } catch (error) {
      const portTaken = error instanceof Error && error.message.includes('EADDRINUSE');
      if (!portTaken || attempt === PORT_ATTEMPTS) throw error;
    }
  }
}

async function startStackOn(
  appPort: number,
  emulatorPort: number,
  serverEnv: Record<string, string>,
  options: StackOptions,
): Promise<Stack> {
  const appUrl = `http://127.0.0.1:${appPort}`;
  const emulatorUrl = `http://${options.emulatorHostName ?? '127.0.0.1'}:${emulatorPort}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-'));
  cpSync(inject('preparedPgliteFolder'), join(dataDir, 'pglite'), { recursive: true });
  const supportKey = 'e2e-support-key';
  const common = {
    APP_URL: appUrl,
    SHOPIFY_API_KEY: 'gatehouse-dev-api-key',
    SHOPIFY_API_SECRET: PLATFORM_APP_SECRET,
    LOG_LEVEL: 'warn',
  };
  const emulator = launch('apps/platform-emulator/src/server.ts', {
    ...common,
    EMULATOR_PORT: String(emulatorPort),
    EMULATOR_HOST: '127.0.0.1',
    EMULATOR_URL: emulatorUrl,
    EMULATOR_STATE_FILE: '',
  });
  const silentDns = await silentDnsServer();
  const env = {
    ...common,
    PORT: String(appPort),
    HOST: '127.0.0.1',
    PLATFORM_URL: emulatorUrl,
    PGLITE_DIR: join(dataDir, 'pglite'),
    APP_SECRET_FILE: join(dataDir, 'app-secret'),
    SUPPORT_API_KEY: supportKey,
    // Claimed crawlers' DNS goes to a local socket that never answers: the tests never ask the
    // real network, every check times out (a refused port would read as "no such name", a
    // fake), and a crawler from its engine's network keeps passing by that network.
    CRAWLER_DNS_SERVERS: `127.0.0.1:${silentDns.port}`,
    CRAWLER_DNS_TIMEOUT_MS: '200',
    // A store's firewall origin may be the emulator on loopback.
    FIREWALL_DEV_ORIGINS: new URL(emulatorUrl).host,
    // Pages the emulator's admin frames load its App Bridge stand-in.
    APP_BRIDGE_URL: `${emulatorUrl}/app-bridge.js`,
    ...serverEnv,
  };
  let server = launch('apps/server/src/server.ts', env);
  const stop = async () => {
    await Promise.all([emulator.child, server.child].map(end));
    silentDns.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${emulatorUrl}/_emulator/health`, emulator.child, emulator.output);
    await waitFor(`${appUrl}/api/health`, server.child, server.output);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    appUrl,
    emulatorUrl,
    supportKey,
    appSecretFile: join(dataDir, 'app-secret'),
    async support<T>(path: string, body?: unknown): Promise<T> {
      const res = await fetch(`${appUrl}/api/support/${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { authorization: `bearer ${supportKey}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) throw new Error(`support ${path}: ${res.status} ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    },
    async restartServer(whileStopped) {
      await end(server.child);
      await whileStopped(env);
      server = launch('apps/server/src/server.ts', env);
      await waitFor(`${appUrl}/api/health`, server.child, server.output);
    },
    stop,
  };
}

/** A UDP socket on loopback that takes DNS questions and never answers them. */
async function silentDnsServer(): Promise<{ port: number; close(): void }> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => resolve());
  });
  socket.unref();
  return { port: socket.address().port, close: () => socket.close() };
}
