// Once per browser test run: a PGlite data folder prepared as a server's first start would
// leave its database (every migration, the job queue's tables; prepare-pglite-folder.ts), which
// each stack copies into its fresh data folder instead of running initdb, the migrations and
// pg-boss's install again. Removed at the end of the run.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { launch } from './stack.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The prepared PGlite data folder each stack starts from a copy of. */
    preparedPgliteFolder: string;
  }
}

/** Preparing runs initdb and every migration: well over a minute on a busy machine. */
const PREPARE_MS = 300_000;

function prepare(folder: string): Promise<void> {
  const { child, output } = launch('apps/server/test/helpers/prepare-pglite-folder.ts', {}, [
    folder,
  ]);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), PREPARE_MS);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else
        reject(new Error(`preparing the database folder failed (${code ?? signal}):\n${output()}`));
    });
  });
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'gatehouse-e2e-prepared-'));
  const cleanUp = () => rmSync(dir, { recursive: true, force: true });
  const folder = join(dir, 'pglite');
  try {
    await prepare(folder);
  } catch (error) {
    cleanUp();
    throw error;
  }
  project.provide('preparedPgliteFolder', folder);
  return cleanUp;
}
