import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '@gatehouse/test-support';
import { describe, expect, it, vi } from 'vitest';

const serverFile = fileURLToPath(new URL('../src/server.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));

describe('server.ts', () => {
  it('listens on EMULATOR_PORT and exits cleanly on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(tsx, [serverFile], {
      env: {
        ...process.env,
        EMULATOR_PORT: String(port),
        EMULATOR_HOST: '127.0.0.1',
        EMULATOR_URL: `http://127.0.0.1:${port}`,
        EMULATOR_STATE_FILE: '',
        LOG_LEVEL: 'warn',
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    const health = await vi.waitFor(
      async () => (await fetch(`http://127.0.0.1:${port}/_emulator/health`)).json() as unknown,
      { timeout: 15_000, interval: 100 },
    );
    expect(health).toMatchObject({ status: 'ok', publicUrl: `http://127.0.0.1:${port}` });
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
