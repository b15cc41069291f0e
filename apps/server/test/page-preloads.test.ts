// The admin page names its path's page code as module preloads, from the build's list: by the
// path's first segment in any case, nothing for a path the list does not name, and the page as
// built when the list is missing or not what the build writes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_PRELOADS_FILE, withPagePreloads } from '../src/core/http/page-preloads.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const INDEX =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>Gatehouse admin</title>' +
  '<script type="module" src="/assets/index.js"></script></head><body></body></html>';
const PRELOADS = {
  extensions: ['/assets/extensions-page-a1.js', '/assets/Page-b2.js'],
  '': ['/assets/dashboard-route-c3.js'],
};

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'gatehouse-dist-'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, PAGE_PRELOADS_FILE), JSON.stringify(PRELOADS));
  t = await createTestApp({ ADMIN_DIST: dist });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

function preloadsIn(html: string): string[] {
  return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    (match) => match[1]!,
  );
}

describe('page preloads', () => {
  it("names the page's chunks in its head, whatever the path's case and query", async () => {
    for (const url of ['/extensions', '/Extensions', '/EXTENSIONS/more?shop=x']) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toContain('text/html');
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(preloadsIn(page.body), url).toEqual(PRELOADS.extensions);
      expect(page.body.indexOf('modulepreload'), url).toBeLessThan(page.body.indexOf('</head>'));
    }
    expect(preloadsIn((await t.app.inject({ url: '/' })).body)).toEqual(PRELOADS['']);
  });

  it('names nothing for a path the list does not name', async () => {
    for (const url of ['/faq', '/__proto__', '/constructor', '/toString']) {
      const page = await t.app.inject({ url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(INDEX);
    }
  });

  it('serves the page as built when the list is missing or not what the build writes', async () => {
    for (const list of ['{"extensions": ["https://elsewhere.example/x.js"]}', 'not json', null]) {
      if (list === null) rmSync(join(dist, PAGE_PRELOADS_FILE));
      else writeFileSync(join(dist, PAGE_PRELOADS_FILE), list);
      const page = await t.app.inject({ url: '/extensions' });
      expect(page.statusCode, String(list)).toBe(200);
      expect(page.body, String(list)).toBe(INDEX);
    }
  });

  it('leaves a page without a head as it is', () => {
    expect(withPagePreloads('<p>no head</p>', PRELOADS, '/extensions')).toBe('<p>no head</p>');
  });
});
