// The admin page names, for the path it is served at, the JavaScript of that path's page as
// module preloads: the browser fetches the page's chunks alongside the entry script, instead
// of only once the entry script has run and asked for them. The build lists each path's chunks
// (by the path's first segment in lower case, as the router matches paths in any case) in
// `page-preloads.json` beside index.html; without that file the page is served as built.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

export const PAGE_PRELOADS_FILE = 'page-preloads.json';

/** Chunk files as the build names them: under /assets/, letters, digits, `-`, `_`, `.`. */
const chunkFile = z.string().regex(/^\/assets\/[\w.-]+\.js$/);
const pagePreloads = z.record(z.string(), z.array(chunkFile));
export type PagePreloads = z.infer<typeof pagePreloads>;

/** The build's list, or an empty one (logged) when it is missing or not what the build writes. */
export async function readPagePreloads(
  dist: string,
  log: FastifyBaseLogger,
): Promise<PagePreloads> {
  let text: string;
  try {
    text = await readFile(join(dist, PAGE_PRELOADS_FILE), 'utf8');
  } catch (error) {
    log.warn({ err: error }, 'the admin build has no page preload list; pages load without it');
    return {};
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const result = pagePreloads.safeParse(parsed);
  if (result.success) return result.data;
  log.warn('the admin build page preload list is not valid; pages load without it');
  return {};
}

/** `indexHtml` with module preloads for the page at `path` before the end of its head. */
export function withPagePreloads(indexHtml: string, preloads: PagePreloads, path: string): string {
  const segment = (path.split('/')[1] ?? '').toLowerCase();
  const files = Object.hasOwn(preloads, segment) ? preloads[segment]! : [];
  if (files.length === 0) return indexHtml;
  const links = files
    .map((file) => `<link rel="modulepreload" crossorigin href="${file}">`)
    .join('');
  const end = indexHtml.search(/<\/head>/i);
  return end === -1 ? indexHtml : indexHtml.slice(0, end) + links + indexHtml.slice(end);
}
