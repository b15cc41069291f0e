// Opens PGlite inside the database worker (pglite-worker.mjs). A new in-memory database
// (`memory://`: tests, benches) would otherwise run initdb every time, seconds of CPU: the
// first one is kept as a tarball of its fresh data folder in a template folder, keyed by the
// PGlite build, and later in-memory databases start from a copy of it. A persistent data
// folder runs initdb only once anyway and opens as PGlite always does.
// @ts-check
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** @param {string} dataDir @param {import('@electric-sql/pglite').PGliteOptions} [options] */
async function start(dataDir, options) {
  const pg = new PGlite(dataDir, options);
  await pg.waitReady;
  return pg;
}

/** The template's file: one per PGlite build (its binaries and file-system bundle). */
async function templateFile(/** @type {string} */ templateDir) {
  const dist = dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  const hash = createHash('sha256');
  for (const name of ['pglite.wasm', 'initdb.wasm', 'pglite.data']) {
    const { size, mtimeMs } = await stat(join(dist, name));
    hash.update(`${name}:${size}:${mtimeMs};`);
  }
  return join(templateDir, `fresh-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** Saves a fresh database's data folder; written aside and renamed, so readers never see half. */
async function saveTemplate(/** @type {PGlite} */ pg, /** @type {string} */ file) {
  const tar = await pg.dumpDataDir('none');
  await mkdir(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}-${threadId}.partial`;
  try {
    await writeFile(partial, new Uint8Array(await tar.arrayBuffer()));
    await rename(partial, file);
  } finally {
    await rm(partial, { force: true });
  }
}

/**
 * Opens the database in `dataDir`; in memory, from the template in `templateDir` when there
 * is one (null: never use a template).
 * @param {string} dataDir
 * @param {string | null} templateDir
 */
export async function openPGlite(dataDir, templateDir) {
  if (!dataDir.startsWith('memory://') || templateDir === null) return start(dataDir);
  const file = await templateFile(templateDir).catch(() => null);
  const tar = file ? await readFile(file).catch(() => null) : null;
  if (file && tar) {
    try {
      return await start(dataDir, { loadDataDir: new Blob([tar]) });
    } catch {
      // A damaged template: start afresh, and replace it below.
      await rm(file, { force: true }).catch(() => {});
    }
  }
  const pg = await start(dataDir);
  // Best effort: without a template the next database simply runs initdb too.
  if (file) await saveTemplate(pg, file).catch(() => {});
  return pg;
}
