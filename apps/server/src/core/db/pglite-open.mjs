// Opens PGlite inside the database worker (pglite-worker.mjs). A new in-memory database
// (`memory://`: tests, benches) would otherwise run initdb every time, and then every
// migration and the job queue's install, seconds of CPU each time. So templates are kept as
// tarballs of data folders in a template folder, keyed by the PGlite build: `fresh-…` is a
// database just after initdb, and `prepared-…-<key>` one its opener prepared further (the
// opener names the key, which must change whenever what it prepares would; see
// db/prepared-template.ts). A later in-memory database starts from a copy of the prepared
// template when there is one with its key, else from the fresh one. A persistent data folder
// runs initdb only once anyway and opens as PGlite always does.
// @ts-check
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { threadId } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** Prepared templates are keyed by day (db/prepared-template.ts): one this old is never read again. */
const STALE_PREPARED_MS = 2 * 24 * 60 * 60 * 1000;

/** @param {string} dataDir @param {import('@electric-sql/pglite').PGliteOptions} [options] */
async function start(dataDir, options) {
  const pg = new PGlite(dataDir, options);
  await pg.waitReady;
  return pg;
}

/**
 * The PGlite build: its version and the sizes of its binaries and file-system bundle (not
 * their times, so every installation of one release shares its templates). A template serves
 * only its own build.
 */
async function buildHash() {
  const dist = dirname(fileURLToPath(import.meta.resolve('@electric-sql/pglite')));
  const { version } = JSON.parse(await readFile(join(dist, '..', 'package.json'), 'utf8'));
  const hash = createHash('sha256').update(`${version};`);
  for (const name of ['pglite.wasm', 'initdb.wasm', 'pglite.data']) {
    const { size } = await stat(join(dist, name));
    hash.update(`${name}:${size};`);
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The template files for this build: the fresh one, and the prepared one of `key` (null
 * without a key; a key that is not a plain name is refused, as it becomes part of a file name).
 * @param {string} templateDir @param {string | null} key
 */
async function templateFiles(templateDir, key) {
  if (key !== null && !/^[0-9a-z]{1,64}$/.test(key)) throw new Error(`bad template key ${key}`);
  const build = await buildHash();
  return {
    fresh: join(templateDir, `fresh-${build}.tar`),
    prepared: key === null ? null : join(templateDir, `prepared-${build}-${key}.tar`),
  };
}

/** Saves a database's data folder; written aside and renamed, so readers never see half. */
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

/** Opens a copy of the template in `file`; null when there is none or it is damaged. */
async function startFrom(/** @type {string} */ dataDir, /** @type {string} */ file) {
  const tar = await readFile(file).catch(() => null);
  if (!tar) return null;
  try {
    return await start(dataDir, { loadDataDir: new Blob([tar]) });
  } catch {
    // A damaged template: the caller starts otherwise, and the template is made again.
    await rm(file, { force: true }).catch(() => {});
    return null;
  }
}

/** Removes prepared templates from days past. */
async function removeStalePrepared(/** @type {string} */ templateDir) {
  const names = await readdir(templateDir).catch(() => /** @type {string[]} */ ([]));
  for (const name of names) {
    if (!name.startsWith('prepared-')) continue;
    const file = join(templateDir, name);
    const info = await stat(file).catch(() => null);
    if (info && Date.now() - info.mtimeMs > STALE_PREPARED_MS) await rm(file, { force: true });
  }
}

/**
 * Opens the database in `dataDir`; in memory, from a template in `templateDir` when there is
 * one (null: never use a template): the prepared one of `preparedKey` if it exists
 * (`prepared: true`), else the fresh one.
 * @param {string} dataDir
 * @param {string | null} templateDir
 * @param {string | null} [preparedKey]
 * @returns {Promise<{ pg: PGlite, prepared: boolean }>}
 */
export async function openPGlite(dataDir, templateDir, preparedKey = null) {
  if (!dataDir.startsWith('memory://') || templateDir === null) {
    return { pg: await start(dataDir), prepared: false };
  }
  const files = await templateFiles(templateDir, preparedKey).catch(() => null);
  if (files?.prepared) {
    const pg = await startFrom(dataDir, files.prepared);
    if (pg) return { pg, prepared: true };
  }
  if (files) {
    const pg = await startFrom(dataDir, files.fresh);
    if (pg) return { pg, prepared: false };
  }
  const pg = await start(dataDir);
  // Best effort: without a template the next database simply runs initdb too.
  if (files) await saveTemplate(pg, files.fresh).catch(() => {});
  return { pg, prepared: false };
}

/**
 * Keeps the database as it is now as the prepared template of `preparedKey`: call it once the
 * opener has prepared a database that did not come from that template.
 * @param {PGlite} pg
 * @param {string} templateDir
 * @param {string} preparedKey
 */
export async function savePreparedTemplate(pg, templateDir, preparedKey) {
  const { prepared } = await templateFiles(templateDir, preparedKey);
  if (!prepared) return;
  await saveTemplate(pg, prepared);
  await removeStalePrepared(templateDir);
}
