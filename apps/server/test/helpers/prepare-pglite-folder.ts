// Prepares a PGlite data folder as a server would find it after its first start's database
// work, and nothing more: every migration applied and the job queue's tables installed as
// pg-boss installs them. The browser tests copy one such folder into each stack's fresh data
// folder, so each server starts without running initdb, the migrations and pg-boss's install.
// Run: tsx apps/server/test/helpers/prepare-pglite-folder.ts <empty folder>
import { pathToFileURL } from 'node:url';
import { openDatabase } from '../../src/core/db/client.js';
import type { PGliteWorker } from '../../src/core/db/pglite-worker-client.js';
import { installJobSchema } from '../../src/core/db/prepared-template.js';

export async function preparePgliteFolder(folder: string): Promise<void> {
  if (folder.startsWith('memory://')) throw new Error('a data folder is needed, not memory://');
  const opened = await openDatabase({ pgliteDir: folder });
  try {
    await installJobSchema((opened.db as unknown as { $client: PGliteWorker }).$client);
  } finally {
    await opened.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const folder = process.argv[2];
  if (!folder) {
    console.error('Usage: prepare-pglite-folder.ts <folder>');
    process.exit(2);
  }
  await preparePgliteFolder(folder);
}
