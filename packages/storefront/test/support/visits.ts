// What the storefront's browser tests share: one Chromium and one build of the script per test
// file, a store and a fresh tab per visit (closed after each test, which fails if any exception
// reached the page: the store's own scripts never see one from ours), and the page helpers.
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { bundleStorefront } from '../../scripts/bundle.js';
import { openBrowser, type OpenBrowser } from './browser.js';
import type { ProbeLog } from './probe.js';
import { openStore, type Store, type StoreOptions } from './store.js';

export type VisitOptions = Omit<StoreOptions, 'script'> & { script?: string | null };

/**
 * Registers the file's hooks and answers its `visit`. `extras`: the store also serves the
 * second asset (redirect prompt, content protection).
 */
export function storefrontVisits(options: { extras?: boolean } = {}) {
  let browser: OpenBrowser;
  let script: string;
  let extras: string | undefined;
  const open: { store: Store; page: Page; errors: string[] }[] = [];

  beforeAll(async () => {
    const [opened, core, second] = await Promise.all([
      openBrowser(),
      bundleStorefront('core'),
      options.extras ? bundleStorefront('extras') : undefined,
    ]);
    [browser, script, extras] = [opened, core.code, second?.code];
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    for (const { store, page, errors } of open.splice(0)) {
      await page.close();
      await store.close();
      expect(errors).toEqual([]);
    }
  });

  return async function visit(visitOptions: VisitOptions) {
    const store = await openStore({ script, ...(extras ? { extras } : {}), ...visitOptions });
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    open.push({ store, page, errors });
    return { store, page };
  };
}

export const decideCalls = (store: Store) =>
  store.calls.filter((c) => c.path === '/api/storefront/decide');
export const revealed = (page: Page) =>
  page.waitForFunction(() => !document.getElementById('gatehouse-guard') && document.body);
export const probe = (page: Page) =>
  page.evaluate(() => (window as unknown as { __probe: ProbeLog }).__probe);
/** Resolves once the page has drawn two more frames: whatever it had parsed is painted. */
export const twoFrames = (page: Page) =>
  page.evaluate(
    () => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))),
  );

/** Something the test lets happen when it chooses: a slow app's answer, a slow page body. */
export function later<T = void>() {
  let give!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (give = resolve));
  return { promise, give };
}
