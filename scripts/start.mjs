// `npm start`: builds the admin, then runs the platform emulator (port 4000), the server
// (port 3000, migrating its database at start) and one firewall (port 3100, reading its
// policies from the server) on the embedded defaults, until Ctrl+C.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertRuntime } from './runtime.mjs';

assertRuntime();

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsx = join(root, 'node_modules', '.bin', 'tsx');
const appUrl = process.env.APP_URL ?? 'http://localhost:3000';
const emulatorUrl = process.env.EMULATOR_URL ?? 'http://localhost:4000';
const firewallPort = process.env.FIREWALL_PORT ?? '3100';
// The server checks a shop's connection through this firewall, as DNS would send it there.
process.env.FIREWALL_PROBE_URL ??= `http://localhost:${firewallPort}`;
// The demo store's origin is the emulator on this machine, which Firewall Settings and the
// firewall accept only when listed (never in production).
// The crawler signatures the emulator makes as Shopify are checked with the emulator's keys.
if (process.env.NODE_ENV !== 'production') {
  process.env.FIREWALL_DEV_ORIGINS ??= new URL(emulatorUrl).host;
  process.env.FIREWALL_AGENT_DIRECTORIES ??= `shopify.com=${new URL(emulatorUrl).origin}`;
}

if (!process.argv.includes('--no-build')) {
  console.log('Building the admin…');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** @type {import('node:child_process').ChildProcess[]} */
const children = [];
/** @param {string} name @param {string} entry */
function start(name, entry) {
  const child = spawn(tsx, [entry], { cwd: root, stdio: 'inherit', env: process.env });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped (${code ?? signal}); shutting down.`);
      stop(code ?? 1);
    }
  });
  children.push(child);
}

/** @param {string} url */
async function waitFor(url) {
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within 60 s`);
}

let stopping = false;
/** @param {number} code */
function stop(code) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

start('platform emulator', 'apps/platform-emulator/src/server.ts');
await waitFor(`${emulatorUrl}/_emulator/health`);
start('server', 'apps/server/src/server.ts');
await waitFor(`${appUrl}/api/health`);
// The firewall derives its key from the secret the server has just created in .data/.
start('firewall', 'apps/firewall/src/server.ts');
await waitFor(`http://localhost:${firewallPort}/.well-known/gatehouse-firewall/health`);
console.log(`
  Gatehouse is running.
  Open ${appUrl}/login, type "demo" and click Login, then Install.
  Platform emulator (a local Shopify): ${emulatorUrl}/shops/demo.myshopify.com/admin
  Firewall: http://localhost:${firewallPort} (Firewall Settings: origin
    ${emulatorUrl}/shops/demo.myshopify.com, domain demo.localhost; then open
    http://demo.localhost:${firewallPort}/)
  Support back office: npm run support -- --help
  Press Ctrl+C to stop.
`);
