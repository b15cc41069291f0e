// Build plugin: writes `dist/page-preloads.json`, for each page path (its first segment in lower
// case) the JavaScript files its lazily loaded page needs beyond what index.html already
// preloads: the page's own chunk and the chunks it imports. The server names them as module
// preloads in the page it serves for that path. A page module that is not a chunk of its own
// fails the build, so the list cannot silently go stale.
/// <reference types="node" />
import { resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { pageModules } from './src/app/page-modules.js';

export const PAGE_PRELOADS_FILE = 'page-preloads.json';

/** `start` and every chunk it imports statically, directly or not. */
function withImports(
  start: Rolldown.OutputChunk,
  chunks: Map<string, Rolldown.OutputChunk>,
): Set<string> {
  const seen = new Set<string>();
  const queue = [start.fileName];
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    queue.push(...(chunks.get(name)?.imports ?? []));
  }
  return seen;
}

export function pagePreloads(
  bundle: Rolldown.OutputBundle,
  root: string,
  modules: Readonly<Record<string, string>>,
): Record<string, string[]> | string {
  const chunks = new Map<string, Rolldown.OutputChunk>();
  for (const output of Object.values(bundle)) {
    if (output.type === 'chunk') chunks.set(output.fileName, output);
  }
  const entries = [...chunks.values()].filter((chunk) => chunk.isEntry);
  const preloaded = new Set(entries.flatMap((entry) => [...withImports(entry, chunks)]));
  const preloads: Record<string, string[]> = {};
  for (const [segment, source] of Object.entries(modules)) {
    const file = resolve(root, source);
    const page = [...chunks.values()].find((chunk) => chunk.facadeModuleId === file);
    if (!page) return `${source} (the page of /${segment}) is not a chunk of its own`;
    preloads[segment] = [...withImports(page, chunks)]
      .filter((name) => !preloaded.has(name))
      .map((name) => `/${name}`);
  }
  return preloads;
}

export function pagePreloadPlugin(): Plugin {
  let root = process.cwd();
  return {
    name: 'gatehouse-page-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const preloads = pagePreloads(bundle, root, pageModules);
      if (typeof preloads === 'string') return this.error(preloads);
      this.emitFile({
        type: 'asset',
        fileName: PAGE_PRELOADS_FILE,
        source: `${JSON.stringify(preloads)}\n`,
      });
    },
  };
}
