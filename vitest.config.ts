// Unit and API tests of every workspace (node environment), and the admin's component tests
// (`*.ui.test.tsx`, rendered in happy-dom's document). Browser tests live in e2e/ with their own
// config; scripts/test.mjs runs both and sums them.
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Most of a server test's time is spent waiting (time-outs and retries of platform calls, job
// polls, timers), not computing: the eight slowest files used a quarter of one core over their
// run. So at least two files run at once, even on two cores where vitest would run one at a
// time (cores − 1). VITEST_MAX_WORKERS still overrides it.
const maxWorkers = Math.max(2, availableParallelism() - 1);

// The server's API and database tests load the whole app: imported afresh for every file, the
// app's modules took more of the run than the tests themselves. A worker's files share one module
// graph instead (every file builds its own app, database and emulator, and module state is the
// app's own, so nothing a file does reaches the next). A file that replaces a module (`vi.mock`)
// needs a graph of its own, and keeps it.
const serverTests = 'apps/server/test';
const replacesModules = readdirSync(serverTests, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `${serverTests}/${file}`)
  .filter((file) => readFileSync(file, 'utf8').includes('vi.mock('));

export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.{ts,tsx}',
            'apps/*/test/**/*.test.ts',
            'packages/*/test/**/*.test.ts',
            'scripts/**/*.test.ts',
            'extensions/*/src/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', '**/*.ui.test.tsx', `${serverTests}/**`],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: [`${serverTests}/**/*.test.ts`],
          exclude: ['**/node_modules/**', ...replacesModules],
          environment: 'node',
          isolate: false,
        },
      },
      ...(replacesModules.length > 0
        ? [
            {
              extends: true,
              test: { name: 'server-own-modules', include: replacesModules, environment: 'node' },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'admin-ui',
          include: ['apps/admin/src/**/*.ui.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/admin/src/test/setup-ui.ts'],
        },
      },
    ],
    maxWorkers,
    testTimeout: 20_000,
    // A poll waits for something that happens on its own (a job, a webhook, a render): on a
    // loaded machine that takes longer than vitest's one second, never forever.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
  },
});
