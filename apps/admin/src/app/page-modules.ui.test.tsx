// The build's table of page modules names, for every page route of the router, the module the
// route loads: what the server preloads for a path is the page that path renders.
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageModuleKey, pageModules } from './page-modules.js';
import { routes } from './routes.js';

/** Every source module of the admin, loaded on demand, by its path from this folder. */
const sources = import.meta.glob<Record<string, unknown>>('../**/*.tsx');

interface PageHandle {
  preload?: () => Promise<{ default: unknown }>;
}

function pageRoutes(list: RouteObject[]): { path: string; preload: PageHandle['preload'] }[] {
  return list.flatMap((route) => [
    ...(route.path && (route.handle as PageHandle | undefined)?.preload
      ? [{ path: route.path, preload: (route.handle as PageHandle).preload }]
      : []),
    ...pageRoutes(route.children ?? []),
  ]);
}

describe('page modules', () => {
  const pages = pageRoutes(routes);

  it.each(pages.map((page) => [page.path, page.preload] as const))(
    '/%s loads the module the table names for it',
    async (path, preload) => {
      const segment = (path.split('/')[0] ?? '').toLowerCase();
      const source = pageModules[segment];
      expect(source, `no module named for /${segment}`).toBeDefined();
      const load = sources[pageModuleKey(source!)];
      expect(load, `${source} is not a module of the admin`).toBeDefined();
      const rendered = (await preload!()).default;
      const exported = await load!();
      // A list blocker's page module exports its pages by their manifests' names.
      const listBlockerPages = Object.values((exported.listBlockerPages ?? {}) as object);
      expect([...Object.values(exported), ...listBlockerPages]).toContain(rendered);
    },
  );

  it('names no path the router does not have', () => {
    const segments = new Set(pages.map((page) => page.path.split('/')[0]!.toLowerCase()));
    segments.add('');
    expect(Object.keys(pageModules).filter((segment) => !segments.has(segment))).toEqual([]);
    expect(pageModules['']).toBe(pageModules.dashboard);
  });
});
