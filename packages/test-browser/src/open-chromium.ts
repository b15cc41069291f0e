// Debian's Chromium driven by playwright-core, the same for every browser test suite:
// headless, sandbox off (CI runs as root), no background networking or QUIC (the machine has
// no network), and a fresh profile every launch, removed again on close.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** The browser binary; CHROMIUM_PATH points elsewhere where Chromium lives somewhere else. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

export interface ChromiumOptions {
  /** Names the suite in the temporary profile folder's name. */
  profilePrefix: string;
  viewport: { width: number; height: number };
}

export interface OpenChromium {
  context: BrowserContext;
  /** Closes the browser and deletes its profile. */
  close(): Promise<void>;
}

export async function openChromium({
  profilePrefix,
  viewport,
}: ChromiumOptions): Promise<OpenChromium> {
  const profile = mkdtempSync(join(tmpdir(), profilePrefix));
  try {
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      viewport,
      args: FLAGS,
    });
    return {
      context,
      async close() {
        await context.close();
        rmSync(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw error;
  }
}
