// Browser tests: the whole stack (emulator + server on free ports, fresh PGlite) driven by
// Debian's Chromium through playwright-core. One file at a time: two at once took a third less
// time on a quiet two-core machine, but longer than one at a time on a loaded one.
// Each stack's database starts from a folder prepared once per run (support/global-setup.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['e2e/**/*.spec.ts'],
    environment: 'node',
    fileParallelism: false,
    globalSetup: ['e2e/support/global-setup.ts'],
    testTimeout: 60_000,
    // A poll waits for something that happens on its own (a job, a webhook, a render): on a
    // loaded machine that takes longer than vitest's one second, never forever.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 120_000,
  },
});
