// A firewall in front of the demo store for a browser test: its own process on a free port,
// reading its policies from the stack's server every 200 ms, believing the loopback proxy's
// X-Forwarded-For as behind a load balancer, reaching the emulator's store on loopback, and
// reading the key of the crawler signatures the emulator makes as Shopify's.
import type { ChildProcess } from 'node:child_process';
import { freePort } from '@gatehouse/test-support';
import type { Stack } from './stack.js';
import { launch, waitFor } from './stack.js';

export interface TestFirewall {
  port: number;
  stop(): Promise<void>;
}

export async function startFirewall(stack: Stack): Promise<TestFirewall> {
  const port = await freePort();
  const emulator = new URL(stack.emulatorUrl);
  const started = launch('apps/firewall/src/server.ts', {
    FIREWALL_PORT: String(port),
    FIREWALL_HOST: '127.0.0.1',
    POLICY_URL: stack.appUrl,
    APP_SECRET_FILE: stack.appSecretFile,
    POLICY_REFRESH_MS: '200',
    POLICY_CACHE_FILE: '',
    FEEDS_CACHE_FILE: '',
    ACCESS_LOG_FLUSH_MS: '200',
    TRUSTED_PROXIES: '127.0.0.1',
    // The store's origin is the emulator on loopback.
    FIREWALL_DEV_ORIGINS: emulator.host,
    FIREWALL_AGENT_DIRECTORIES: `shopify.com=${emulator.origin}`,
    LOG_LEVEL: 'warn',
  });
  const child: ChildProcess = started.child;
  await waitFor(
    `http://127.0.0.1:${port}/.well-known/gatehouse-firewall/health`,
    child,
    started.output,
  );
  return {
    port,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
