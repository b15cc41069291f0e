// How fast every page of the admin shows itself and its data, as a merchant opens it in Chromium.
// The product runs on its embedded defaults (PGlite in a data folder, the built admin served by
// the server) with a demo shop signed in through the platform emulator, on the Premium plan,
// its app embed on and a visitor log of a day's visits. Each page of the admin shell is opened
// in Debian's Chromium (the browser tests' launcher), in rounds, three ways:
//   cold    the browser's cache emptied first (every file fetched)
//   warm    right after, with the cache (what a merchant clicking between pages mostly sees
//           is faster still: the app is already running)
//   memory  cold again, but every API call answered at once from the answers recorded on the
//           warm load: the baseline of what the front end alone costs, same run
// and reports, per page, the median Largest Contentful Paint (a PerformanceObserver on
// `largest-contentful-paint`) and the time until the page's data is on screen: its title shown,
// no loading bar, skeleton or large spinner left, no API call in flight, and still so 150 ms later.
// On the cold load also its CLS (largest session window of unexpected layout shifts) and the INP
// of one click on its title once the data is shown (Built for Shopify's limits at p75: CLS 0.1,
// INP 200 ms). Budget: LCP ≤ 1 s for every page. Prints figures; asserts nothing.
// With --compare <dir>, a second product serves another admin build (e.g. a copy of dist/ from
// before a change) and its loads are interleaved with this build's: one table per build.
// With --embedded, a second product serves this build inside the emulator's Shopify admin (the
// admin on localhost framing the app on 127.0.0.1, App Bridge's stand-in, session tokens, no
// cookie): each page is opened as the admin's URL for it, and its LCP and data time are the
// frame's, counted from the admin page's navigation start. That product runs with NODE_ENV=test,
// as the stand-in is refused in production.
// Run (after `npm run build`): npx tsx bench/admin-lcp.bench.mjs [--rounds 5] [--pages a,b]
//   [--visits 20000] [--compare /tmp/admin-dist-before] [--embedded] [--shifts] [--waterfall]
//   [--dist DIR]
/* global window, document, requestAnimationFrame -- the probe runs in the page */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { loadGeo } from '@gatehouse/engine';
import { SESSION_COOKIE } from '@gatehouse/contracts';
import { openChromium } from '@gatehouse/test-browser';
import { freePort } from '@gatehouse/test-support';
import { BLOCKERS } from '../apps/server/src/app.js';
import { shops } from '../apps/server/src/core/db/schema.js';
import { generateVisits } from '../apps/server/src/cli/visit-generator.js';
import { ingestVisits } from '../apps/server/src/cli/visit-ingest.js';
import { createBlockerRegistry } from '../apps/server/src/protection/blocker-registry.js';
import { ensureVisitPartitions } from '../apps/server/src/features/visitor-logs/visit-partitions.js';
import { merchantCalls } from './merchant-calls.mjs';
import { startProduct } from './stack.mjs';

const text = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : undefined;
};
const ROUNDS = Number(text('rounds') ?? 5);
const VISITS = Number(text('visits') ?? 20_000);
const SHOP = 'demo.myshopify.com';
const BUDGET_MS = 1000;
const SETTLE_MS = 150;
const PAGE_TIMEOUT_MS = 20_000;
// What says a page is still loading: the frame's loading bar, skeletons, a large spinner (the
// small ones mark work a merchant started, not the page's data).
const BUSY =
  '.Polaris-Frame-Loading, [class*="Polaris-Skeleton"], .Polaris-Spinner--sizeLarge, [aria-busy="true"]';
const root = fileURLToPath(new URL('..', import.meta.url));
// --dist: the admin build to measure (e.g. a copy of dist/ from before a change), in both modes.
const dist = text('dist') ?? join(root, 'apps/admin/dist');

if (!existsSync(join(dist, 'index.html'))) {
  console.error('The admin is not built: run `npm run build` first.');
  process.exit(1);
}

/**
 * The pages of the admin shell: every path of its router but the sign-in steps (they need a
 * one-time token), paths with parameters, the catch-all and a second spelling of one path.
 */
function shellPages() {
  const source = readFileSync(join(root, 'apps/admin/src/app/routes.tsx'), 'utf8');
  const paths = [...source.matchAll(/\bpath: '([^']+)'/g)].map((m) => m[1]);
  const seen = new Set();
  return paths.filter((p) => {
    if (p === '/' || p === '*' || p.includes(':') || /^(login|personate)/i.test(p)) return false;
    if (seen.has(p.toLowerCase())) return false;
    seen.add(p.toLowerCase());
    return true;
  });
}
const PAGES = text('pages')?.split(',') ?? shellPages();

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

// ------------------------------------------------------------------ the product and the shop
const loadAtStart = load();
const geo = await loadGeo({ city: true });

/** The product serving the admin build `adminDist`, its demo shop signed in and set up. */
async function productWith(name, adminDist, host, embedded = false) {
  const dataDir = mkdtempSync(join(tmpdir(), 'gatehouse-bench-lcp-'));
  const emulatorPort = embedded ? await freePort() : undefined;
  const product = await startProduct({
    env: {
      NODE_ENV: embedded ? 'test' : 'production',
      PGLITE_DIR: join(dataDir, 'pglite'),
      ADMIN_DIST: adminDist,
      NETWORK_FEEDS_SCHEDULE: '',
      ...(embedded ? { APP_BRIDGE_URL: `http://localhost:${emulatorPort}/app-bridge.js` } : {}),
    },
    ...(embedded ? { emulatorHost: 'localhost', emulatorPort } : {}),
  });
  const { app, appUrl, emulatorUrl } = product;
  const token = await merchantCalls(app, appUrl).signIn(SHOP);
  const support = await app.inject({
    method: 'POST',
    url: '/api/support/set',
    headers: { authorization: `bearer ${app.config.supportApiKey}` },
    payload: { shop: SHOP, values: { plan: 'premium', isNew: false } },
  });
  if (support.statusCode !== 200) throw new Error(`support set: ${support.body}`);
  const embed = await fetch(`${emulatorUrl}/_emulator/shops/${SHOP}/app-embed`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ enabled: true }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!embed.ok) throw new Error(`app embed: ${embed.status}`);

  // A day of visits in the log, written as the seeding command writes them.
  const [shop] = await app.db.select().from(shops).where(eq(shops.domain, SHOP));
  const to = new Date();
  const from = new Date(to.getTime() - 23 * 3_600_000);
  await ensureVisitPartitions(app.db, from, to);
  const counters = createBlockerRegistry(BLOCKERS);
  let batch = [];
  for (const visit of generateVisits(VISITS, geo, { shopDomain: SHOP, from, to, seed: 7 })) {
    batch.push(visit);
    if (batch.length === 10_000) {
      await ingestVisits(app.db, app.dbKind, counters, shop.id, batch);
      batch = [];
    }
  }
  if (batch.length) await ingestVisits(app.db, app.dbKind, counters, shop.id, batch);
  return {
    name,
    // Inside the admin, a page is the admin's address for it.
    pageUrl: embedded
      ? (path) => `${emulatorUrl}/shops/${SHOP}/admin/apps/gatehouse/${path}`
      : null,
    // Cookies do not tell ports apart: each product is reached under its own host name.
    appUrl: host === '127.0.0.1' ? appUrl : appUrl.replace('127.0.0.1', host),
    token,
    async close() {
      await product.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ------------------------------------------------------------------ the probe, in every page
// Records the newest LCP candidate, counts API calls in flight, and marks the first moment the
// page's data is on screen (see the head of the file).
function probe({ settleMs, busy }) {
  const state = {
    lcp: NaN,
    inFlight: 0,
    calls: 0,
    dataAt: NaN,
    quietSince: NaN,
    cls: 0,
    inp: NaN,
    shifts: [],
  };
  // Which element moved, for --shifts: its tag, id, classes and the start of its text.
  const describe = (node) => {
    if (!node) return '(gone)';
    if (node.nodeType !== 1) return `#text "${(node.textContent ?? '').trim().slice(0, 40)}"`;
    const classes = [...node.classList].slice(0, 3).join('.');
    const text = (node.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${classes ? `.${classes}` : ''} "${text}"`;
  };
  const rect = (r) =>
    `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
  window.__lcpBench = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      state.lcp = entry.startTime;
      state.lcpElement = describe(entry.element);
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  // CLS as Core Web Vitals counts it: the largest sum of unexpected shifts in one session window
  // (shifts less than 1 s apart, the window at most 5 s long).
  let window_ = { sum: 0, first: NaN, last: NaN };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      state.shifts.push({
        at: Math.round(entry.startTime),
        value: entry.value,
        sources: (entry.sources ?? []).map(
          (x) => `${describe(x.node)} ${rect(x.previousRect)} → ${rect(x.currentRect)}`,
        ),
      });
      const joins = entry.startTime - window_.last < 1000 && entry.startTime - window_.first < 5000;
      window_ = joins
        ? { sum: window_.sum + entry.value, first: window_.first, last: entry.startTime }
        : { sum: entry.value, first: entry.startTime, last: entry.startTime };
      state.cls = Math.max(state.cls, window_.sum);
    }
  }).observe({ type: 'layout-shift', buffered: true });
  // INP of the interactions made (the bench makes one): the longest from input to next paint.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.interactionId) continue;
      state.inp = Number.isNaN(state.inp) ? entry.duration : Math.max(state.inp, entry.duration);
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  const original = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input.url;
    const api = new URL(url, window.location.href).pathname.startsWith('/api/');
    if (!api) return original(input, init);
    state.inFlight += 1;
    state.calls += 1;
    try {
      const response = await original(input, init);
      // A live stream (the Realtime Access Log's tail) never ends: its call is done once it
      // is open.
      if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
        await response.clone().arrayBuffer();
      }
      return response;
    } finally {
      state.inFlight -= 1;
    }
  };
  const frame = (now) => {
    const shown =
      document.querySelector('h1') !== null &&
      document.querySelector(busy) === null &&
      state.inFlight === 0;
    if (!shown) state.quietSince = NaN;
    else if (Number.isNaN(state.quietSince)) state.quietSince = now;
    else if (now - state.quietSince >= settleMs && Number.isNaN(state.dataAt)) {
      state.dataAt = state.quietSince;
    }
    if (Number.isNaN(state.dataAt)) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

// The build under test, and with --compare another build (e.g. the one before a change) served
// by a second product beside it, its loads interleaved with the first's so drift hits both alike.
const COMPARE = text('compare');
// --shifts: each page's layout shifts on its worst cold load, with the elements that moved.
const SHIFTS = process.argv.includes('--shifts');
// --waterfall: each page's requests on its last cold load, from the (admin) page's start, and
// the element its LCP was.
const WATERFALL = process.argv.includes('--waterfall');
const builds = [await productWith('this build', dist, '127.0.0.1')];
if (COMPARE) builds.unshift(await productWith(`--compare ${COMPARE}`, COMPARE, 'localhost'));
if (process.argv.includes('--embedded')) {
  builds.push(await productWith('this build inside the Shopify admin', dist, '127.0.0.1', true));
}

const chrome = await openChromium({
  profilePrefix: 'gatehouse-bench-lcp-',
  viewport: { width: 1280, height: 860 },
});
const { context } = chrome;
await context.addCookies(
  builds
    .filter((b) => !b.pageUrl)
    .map((b) => ({ name: SESSION_COOKIE, value: encodeURIComponent(b.token), url: b.appUrl })),
);
await context.addInitScript(probe, { settleMs: SETTLE_MS, busy: BUSY });

/** Answers recorded per build and page (method and URL → answer) for the memory baseline. */
const recorded = new Map();

async function open(build, path, mode) {
  const key = `${build.name} ${path}`;
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    if (mode !== 'warm') await cdp.send('Network.clearBrowserCache');
    if (mode === 'memory') {
      const answers = recorded.get(key) ?? new Map();
      await page.route(
        (url) => url.pathname.startsWith('/api/'),
        async (route) => {
          const answer = answers.get(`${route.request().method()} ${route.request().url()}`);
          if (answer) await route.fulfill(answer);
          else await route.continue();
        },
      );
    }
    if (mode === 'warm') {
      const answers = new Map();
      recorded.set(key, answers);
      page.on('response', async (response) => {
        const url = new URL(response.url());
        if (!url.pathname.startsWith('/api/')) return;
        try {
          answers.set(`${response.request().method()} ${response.url()}`, {
            status: response.status(),
            headers: response.headers(),
            body: await response.body(),
          });
        } catch {
          // a response without a body (redirect): answered by the server instead
        }
      });
    }
    const target = build.pageUrl ? build.pageUrl(path) : `${build.appUrl}/${path}`;
    await page.goto(target, { waitUntil: 'commit', timeout: PAGE_TIMEOUT_MS });
    // Inside the admin the app is its frame: measured there, from the admin's start.
    const app = build.pageUrl ? await appFrame(page, build.appUrl) : page;
    try {
      await app.waitForFunction(() => !Number.isNaN(window.__lcpBench?.dataAt), null, {
        timeout: PAGE_TIMEOUT_MS,
        polling: 50,
      });
    } catch (error) {
      const state = await app.evaluate(
        (busy) => ({
          at: window.location.pathname,
          inFlight: window.__lcpBench?.inFlight,
          h1: document.querySelector('h1')?.textContent ?? null,
          busy: [...document.querySelectorAll(busy)].map((e) => e.className),
        }),
        BUSY,
      );
      throw new Error(`/${path} (${mode}): data never shown: ${JSON.stringify(state)}`, {
        cause: error,
      });
    }
    // One interaction once the data is on screen: a click on the page's title, the time until
    // the next paint is INP's. An answer under 16 ms is not reported by the browser: counted 16.
    await app.locator('h1').first().click({ timeout: PAGE_TIMEOUT_MS });
    await app
      .waitForFunction(() => !Number.isNaN(window.__lcpBench.inp), null, {
        timeout: 1_000,
        polling: 50,
      })
      .catch(() => {});
    const result = await app.evaluate(() => ({
      cls: window.__lcpBench.cls,
      shifts: window.__lcpBench.shifts,
      inp: Number.isNaN(window.__lcpBench.inp) ? 16 : window.__lcpBench.inp,
      lcp: window.__lcpBench.lcp,
      lcpElement: window.__lcpBench.lcpElement,
      dataAt: window.__lcpBench.dataAt,
      calls: window.__lcpBench.calls,
      at: window.location.pathname,
      timeOrigin: performance.timeOrigin,
      // What the page fetched and when (its own document first), for --waterfall.
      requests: [
        ...performance.getEntriesByType('navigation'),
        ...performance.getEntriesByType('resource'),
      ].map((entry) => ({
        name: entry.name.replace(/\?.*$/, ''),
        start: entry.startTime,
        end: entry.responseEnd,
      })),
    }));
    const offset =
      app === page ? 0 : result.timeOrigin - (await page.evaluate(() => performance.timeOrigin));
    result.lcp += offset;
    for (const request of result.requests) {
      request.start += offset;
      request.end += offset;
    }
    result.dataAt += offset;
    await cdp.detach();
    return result;
  } finally {
    await page.close();
  }
}

/** The frame showing the app at `appUrl` inside the admin page, once it is attached. */
async function appFrame(page, appUrl) {
  const deadline = Date.now() + PAGE_TIMEOUT_MS;
  for (;;) {
    const frame = page.frames().find((f) => f.url().startsWith(appUrl));
    if (frame) return frame;
    if (Date.now() > deadline) throw new Error(`no frame of ${appUrl} in ${page.url()}`);
    await page.waitForEvent('framenavigated', { timeout: PAGE_TIMEOUT_MS });
  }
}

// ------------------------------------------------------------------ the rounds
const MODES = ['cold', 'warm', 'memory'];
const results = new Map(
  builds.flatMap((b) =>
    PAGES.map((p) => [`${b.name} ${p}`, { cold: [], warm: [], memory: [], at: '', failures: [] }]),
  ),
);
const started = performance.now();
try {
  // One untimed pass: the server's and the browser's first run of each code path.
  for (const path of PAGES) for (const b of builds) await open(b, path, 'warm').catch(() => {});
  for (let round = 0; round < ROUNDS; round++) {
    for (const path of PAGES) {
      for (const mode of MODES) {
        for (const b of builds) {
          const r = results.get(`${b.name} ${path}`);
          try {
            const m = await open(b, path, mode);
            r[mode].push(m);
            r.calls = m.calls;
            r.at = m.at;
          } catch (error) {
            r.failures.push(error.message);
          }
        }
      }
    }
    process.stderr.write(`round ${round + 1}/${ROUNDS} done (load ${load()})\n`);
  }
} finally {
  await chrome.close();
  for (const b of builds) await b.close();
}

// ------------------------------------------------------------------ the tables
const ms = (n) => (Number.isFinite(n) ? `${Math.round(n)}` : '—');
const header = [
  'page',
  'LCP cold',
  'data cold',
  'LCP warm',
  'data warm',
  'LCP mem',
  'data mem',
  'CLS cold',
  'INP cold',
  'API calls',
];
console.log(
  `Admin LCP and data on screen, median of ${ROUNDS} rounds, ms from navigation start ` +
    `(${VISITS} visits in the log; load average ${loadAtStart} at start, ${load()} at end; ` +
    `${((performance.now() - started) / 1000).toFixed(0)} s)`,
);
for (const build of builds) {
  const rows = PAGES.map((path) => {
    const r = results.get(`${build.name} ${path}`);
    const med = (mode, key) => median(r[mode].map((m) => m[key]));
    const moved = r.at !== '' && r.at.toLowerCase() !== `/${path}`.toLowerCase();
    return {
      path: moved ? `/${path} → ${r.at}` : `/${path}`,
      cells: MODES.flatMap((mode) => [med(mode, 'lcp'), med(mode, 'dataAt')]).map(ms),
      cls: med('cold', 'cls'),
      inp: med('cold', 'inp'),
      lcpCold: med('cold', 'lcp'),
      calls: r.calls ?? 0,
      failures: r.failures,
    };
  });
  const width = Math.max(...rows.map((r) => r.path.length), 4);
  const line = (cells) =>
    `| ${cells[0].padEnd(width)} | ${cells
      .slice(1)
      .map((c, i) => c.padStart(header[i + 1].length))
      .join(' | ')} |`;
  console.log(`\n${build.name} (${build.name.startsWith('--compare') ? COMPARE : dist})`);
  console.log(line(header));
  console.log(
    `| ${[width, ...header.slice(1).map((h) => h.length)].map((n) => '-'.repeat(n)).join(' | ')} |`,
  );
  for (const r of rows) {
    const cls = Number.isFinite(r.cls) ? r.cls.toFixed(3) : '—';
    console.log(line([r.path, ...r.cells, cls, ms(r.inp), String(r.calls)]));
  }
  const measured = rows.filter((r) => Number.isFinite(r.lcpCold));
  const over = measured.filter((r) => r.lcpCold > BUDGET_MS);
  console.log(
    measured.length === 0
      ? 'No page could be measured.'
      : over.length === 0
        ? `Every measured page's cold LCP within the ${BUDGET_MS} ms budget (${measured.length} of ${rows.length} pages).`
        : `Over the ${BUDGET_MS} ms budget (cold LCP): ${over.length} of ${measured.length} pages.`,
  );
  if (SHIFTS) {
    for (const path of PAGES) {
      const cold = results.get(`${build.name} ${path}`).cold;
      const worst = cold.reduce((a, m) => (a && a.cls >= m.cls ? a : m), undefined);
      if (!worst || worst.shifts.length === 0) continue;
      console.log(`  /${path}: layout shifts of its worst cold load (CLS ${worst.cls.toFixed(3)})`);
      for (const shift of worst.shifts) {
        console.log(`    at ${shift.at} ms, ${shift.value.toFixed(4)}`);
        for (const source of shift.sources) console.log(`      ${source}`);
      }
    }
  }
  if (WATERFALL) {
    for (const path of PAGES) {
      const last = results.get(`${build.name} ${path}`).cold.at(-1);
      if (!last) continue;
      console.log(
        `  /${path}: requests of its last cold load (LCP ${ms(last.lcp)} ms: ${last.lcpElement})`,
      );
      for (const request of last.requests) {
        console.log(
          `    ${ms(request.start).padStart(5)} → ${ms(request.end).padStart(5)}  ${request.name}`,
        );
      }
    }
  }
  for (const r of rows.filter((x) => x.failures.length)) {
    console.log(`${r.path}: ${r.failures.length} loads failed, e.g. ${r.failures[0]}`);
  }
}
