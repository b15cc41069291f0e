// Entry point of `npm run support -- <command>`: the support back office CLI.
import { userInfo } from 'node:os';
import { loadSupportCliConfig } from '../core/env.js';
import { runSupportCli } from './program.js';
import { createSupportClient } from './support-client.js';

let config;
try {
  config = loadSupportCliConfig();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
const client = createSupportClient({
  serverUrl: config.serverUrl,
  apiKey: config.supportApiKey,
  user: `cli:${userInfo().username}`,
});
const code = await runSupportCli(
  process.argv.slice(2),
  client,
  (line) => console.log(line),
  (line) => console.error(line),
);
process.exit(code);
