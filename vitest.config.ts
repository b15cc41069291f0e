// Unit and API tests of every workspace (node environment), and the admin's component tests
// (`*.ui.test.tsx`, rendered in happy-dom's document). Browser tests live in e2e/ with their own
// config; scripts/test.mjs runs both and sums them.
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Most of a server test's time is spent waiting (time-outs and retries of platform calls, job
// polls, timers), not computing: the eight slowest files used a quarter of one core over their
// run. So at least two files run at once, even on two cores where vitest would run one at a
// time (cores − 1). VITEST_MAX_WORKERS still overrides it.
const maxWorkers = Math.max(2, availableParallelism() - 1);

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
          exclude: ['**/node_modules/**', '**/*.ui.test.tsx'],
          environment: 'node',
        },
      },
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
