// One script on purpose, past the usual file size: it reads top to bottom as the run it
// performs (stack, states, Lighthouse rounds, reveal timings, figures).
// The storefront's cost to a store, measured as merchants and the platform's review judge it,
// on the emulator's demo store (a theme's weight: hero photo, web fonts, deferred scripts).
// Two states of the same store, alternated within each round so drift hits both alike (the app
// embed is the storefront's only way to load Gatehouse; the platform takes no script tags):
//   none      Gatehouse not on the store (embed off)
//   embed     the app embed on
// Lighthouse (npm) drives Debian's Chromium with its default mobile settings (simulated
// 150 ms round trip, 4× CPU slowdown); the figure is the median of the runs. The app is reached
// through a proxy that adds a round trip (default 150 ms) to every request, as a visitor far
// from the app would see it. Then Playwright's Chromium, unthrottled, times with the real added
// latency (50 and 150 ms), the three states alternated within each round: the first paint of a
// first view, against the same store's first paint without Gatehouse (the visitor's extra
// wait); when the page is revealed on a first view and on a later view of the same session;
// when the decision has arrived (protection in force); and where a first view's wait goes (the
// parser reaching the embed, the answer beyond the round trip, the app's own part as the proxy
// sees it, the reveal after the answer). States timed: none, embed, and embedBefore,
// the embed as it was before its inline start (the block's inline part finds a start already
// there and does nothing, so the script file asks for the decision itself). Prints figures;
// asserts nothing.
// Run: npx tsx bench/storefront.bench.mjs [--runs 3] [--views 5] [--pages home,collection,product]
/* global window, document, MutationObserver -- the probes run in the page */
import http from 'node:http';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, openChromium } from '@gatehouse/test-browser';
import { freePort } from '@gatehouse/test-support';
import { merchantCalls } from './merchant-calls.mjs';
import { startProduct } from './stack.mjs';

const text = (name) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : undefined;
};
const RUNS = Number(text('runs') ?? 3);
const VIEWS = Number(text('views') ?? 5);
const PAGE_NAMES = (text('pages') ?? 'home,collection,product').split(',');
const LIGHTHOUSE_RTT = 150;
const SHOP = 'demo.myshopify.com';
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

// ------------------------------------------------------------------ the link with latency
let rttMs = LIGHTHOUSE_RTT;
// The app's own time per decision as the proxy sees it (request out to whole answer back).
let appMs = [];
const [appPort, proxyPort] = [await freePort(), await freePort()];
const appUrl = `http://127.0.0.1:${proxyPort}`;
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const proxy = http.createServer(async (req, res) => {
  const body = [];
  for await (const part of req) body.push(part);
  await wait(rttMs / 2);
  const sent = performance.now();
  const upstream = http.request(
    { host: '127.0.0.1', port: appPort, path: req.url, method: req.method, headers: req.headers },
    async (answer) => {
      const chunks = [];
      for await (const part of answer) chunks.push(part);
      if (req.url?.startsWith('/api/storefront/decide')) appMs.push(performance.now() - sent);
      await wait(rttMs / 2);
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      res.end(Buffer.concat(chunks));
    },
  );
  upstream.setTimeout(10_000, () => upstream.destroy(new Error('upstream time-out')));
  upstream.on('error', () => {
    res.writeHead(502);
    res.end();
  });
  upstream.end(Buffer.concat(body));
});
await new Promise((resolve) => proxy.listen(proxyPort, '127.0.0.1', resolve));

// ------------------------------------------------------------------ the stack
const product = await startProduct({ appPort, appUrl });
const { app, emulatorUrl } = product;
await merchantCalls(app, appUrl).signIn(SHOP);

const control = async (path, body) => {
  const res = await fetch(`${emulatorUrl}/_emulator${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
};
// The post-install job writes the app's origin and the policy version: wait for both.
for (let i = 0; ; i++) {
  const state = await control(`/shops/${SHOP}`);
  const keys = state.appMetafields.map((m) => m.key);
  if (keys.includes('api_origin') && keys.includes('policy_version')) break;
  if (i > 200) throw new Error('the post-install job did not finish');
  await wait(100);
}
const STATES = {
  none: async () => {
    await control(`/shops/${SHOP}/app-embed`, { enabled: false });
  },
  embed: async () => {
    await control(`/shops/${SHOP}/app-embed`, { enabled: true });
  },
};
const PAGES = {
  home: `${emulatorUrl}/shops/${SHOP}/`,
  collection: `${emulatorUrl}/shops/${SHOP}/collections/all`,
  product: `${emulatorUrl}/shops/${SHOP}/products/trailhead-2-tent`,
};
{
  const product = await fetch(PAGES.collection).then((r) => r.text());
  const handle = /\/products\/([\w-]+)/.exec(product)?.[1];
  if (handle) PAGES.product = `${emulatorUrl}/shops/${SHOP}/products/${handle}`;
}

// ------------------------------------------------------------------ Lighthouse, mobile
const lh = {};
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic'],
});
try {
  for (let run = 0; run < RUNS; run++) {
    for (const [state, apply] of Object.entries(STATES)) {
      await apply();
      for (const name of PAGE_NAMES) {
        const result = await lighthouse(PAGES[name], {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        const { audits, categories } = result.lhr;
        const row = (lh[`${name} ${state}`] ??= { score: [], lcp: [], tbt: [], cls: [] });
        row.score.push(Math.round(categories.performance.score * 100));
        row.lcp.push(audits['largest-contentful-paint'].numericValue);
        row.tbt.push(audits['total-blocking-time'].numericValue);
        row.cls.push(audits['cumulative-layout-shift'].numericValue);
        process.stderr.write('.');
      }
    }
  }
} finally {
  await chrome.kill();
}
process.stderr.write('\n');

console.log(
  `\nLighthouse ${RUNS} runs each, mobile (simulated), median; app link +${LIGHTHOUSE_RTT} ms`,
);
console.log('page        state      score   LCP ms   TBT ms   CLS');
for (const [key, row] of Object.entries(lh)) {
  const [name, state] = key.split(' ');
  console.log(
    `${name.padEnd(11)} ${state.padEnd(10)} ${String(median(row.score)).padStart(5)} ${median(
      row.lcp,
    )
      .toFixed(0)
      .padStart(
        8,
      )} ${median(row.tbt).toFixed(0).padStart(8)} ${median(row.cls).toFixed(3).padStart(7)}`,
  );
}

// ------------------------------------------------------------------ reveal and protection timing
/**
 * In the page: when the guard style went (revealed), when the decision answer arrived, and the
 * page's own milestones, all in ms from navigation start.
 */
const PROBE = () => {
  const w = window;
  w.__gh = { revealed: null };
  // The guard can come and go within one batch of parsing (the inline part reveals a session
  // whose token is current at once): the records still show it added.
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes)
        if (node.id === 'gatehouse-guard') w.__gh.sawGuard = true;
    }
    if (
      w.__gh.revealed === null &&
      w.__gh.sawGuard &&
      !document.getElementById('gatehouse-guard')
    ) {
      w.__gh.revealed = performance.now();
      // Revealed before gatehouse.js ran: the block's inline part did it.
      w.__gh.beforeScript = !w.Gatehouse;
    }
  }).observe(document, { childList: true, subtree: true });
};
const READ = () => {
  const nav = performance.getEntriesByType('navigation')[0];
  const decide = performance
    .getEntriesByType('resource')
    .filter((e) => e.name.includes('/api/storefront/decide'));
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  return {
    beforeScript: window.__gh.beforeScript === true,
    responseEnd: nav.responseEnd,
    loadEnd: nav.loadEventEnd,
    fcp: fcp ? fcp.startTime : null,
    revealed: window.__gh.revealed,
    // The first decision request of the page: the inline part's (or the script's) question.
    asked: decide.length > 0 ? decide[0].startTime : null,
    decided: decide.length > 0 ? decide[0].responseEnd : null,
  };
};
const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
const asked = () =>
  performance.getEntriesByType('resource').some((e) => e.name.includes('/api/storefront/decide'));
const TIMED = ['none', 'embedBefore', 'embed'];
const timing = {};
const browser = await openChromium({
  profilePrefix: 'gatehouse-bench-',
  viewport: { width: 390, height: 844 },
});
try {
  for (const rtt of [50, 150]) {
    rttMs = rtt;
    // States alternate within each round, so the machine's drift reaches all of them alike.
    for (let view = 0; view < VIEWS; view++) {
      for (const state of TIMED) {
        await STATES[state === 'embedBefore' ? 'embed' : state]();
        const row = (timing[`${rtt} ${state}`] ??= {
          first: [],
          fcp: [],
          askedAfterHtml: [],
          answerWait: [],
          revealAfterAsk: [],
          revealAfterAnswer: [],
          appMs: [],
          later: [],
          decided: [],
          load: [],
          beforeScript: 0,
        });
        appMs = [];
        // A new tab is a new session: the first view waits, the second has the allow token.
        const page = await browser.context.newPage();
        // The block's inline part steps aside when a start is already there: as before it.
        if (state === 'embedBefore') await page.addInitScript(() => (window.GatehouseStart = {}));
        await page.addInitScript(PROBE);
        await page.goto(PAGES.home, { waitUntil: 'load' });
        if (state !== 'none') await page.waitForFunction(asked, null, { timeout: 15_000 });
        await page.waitForFunction(painted, null, { timeout: 15_000 });
        const first = await page.evaluate(READ);
        const firstAppMs = appMs[0];
        await page.goto(PAGES.collection, { waitUntil: 'load' });
        const later = await page.evaluate(READ);
        await page.close();
        row.fcp.push(first.fcp - first.responseEnd);
        row.load.push(first.loadEnd);
        if (first.decided !== null) {
          row.decided.push(first.decided);
          row.askedAfterHtml.push(first.asked - first.responseEnd);
          row.answerWait.push(first.decided - first.asked - rtt);
          if (firstAppMs !== undefined) row.appMs.push(firstAppMs);
        }
        if (first.revealed !== null) {
          row.first.push(first.revealed - first.responseEnd);
          row.revealAfterAsk.push(first.revealed - first.asked - rtt);
          row.revealAfterAnswer.push(first.revealed - first.decided);
        }
        if (later.revealed !== null) row.later.push(later.revealed - later.responseEnd);
        if (later.beforeScript) row.beforeScript += 1;
        process.stderr.write('.');
      }
    }
  }
} finally {
  await browser.close();
}
process.stderr.write('\n');

const ms = (xs) => (xs.length > 0 ? `${median(xs).toFixed(0)} ms` : '—');
const plus = (xs) => (xs.length > 0 ? `RTT + ${median(xs).toFixed(0)} ms` : '—');
console.log(
  `\nReal Chromium, mobile viewport, unthrottled; home then a second page; median of ${VIEWS} sessions`,
);
console.log(
  "First view, counted from the end of its HTML (the store's own first paint without Gatehouse is the baseline):",
);
console.log(
  'link   state        first paint  later than none   revealed   later view   decision in force   page loaded   later views before gatehouse.js',
);
for (const [key, row] of Object.entries(timing)) {
  const [rtt, state] = key.split(' ');
  const none = median(timing[`${rtt} none`].fcp);
  const late = state === 'none' ? '—' : `${(median(row.fcp) - none).toFixed(0)} ms`;
  console.log(
    `+${rtt.padEnd(4)} ${state.padEnd(12)} ${ms(row.fcp).padStart(11)} ${late.padStart(17)} ${(row.first.length > 0 ? ms(row.first) : 'never hidden').padStart(12)} ${ms(row.later).padStart(12)} ${ms(row.decided).padStart(19)} ${ms(row.load).padStart(13)}   ${state === 'none' ? '—' : `${row.beforeScript}/${VIEWS}`}`,
  );
}
console.log(
  "\nWhere the first view's wait goes (the embed asks when the parser reaches the end of the head; the page cannot paint before that):",
);
console.log(
  'link   state        asked after HTML   answer (beyond RTT)   app, as the proxy sees it   revealed after answer   revealed after asking',
);
for (const [key, row] of Object.entries(timing)) {
  const [rtt, state] = key.split(' ');
  if (!state.startsWith('embed')) continue;
  console.log(
    `+${rtt.padEnd(4)} ${state.padEnd(12)} ${ms(row.askedAfterHtml).padStart(16)} ${`+ ${ms(row.answerWait)}`.padStart(21)} ${ms(row.appMs).padStart(27)} ${ms(row.revealAfterAnswer).padStart(23)} ${plus(row.revealAfterAsk).padStart(23)}`,
  );
}
for (const rtt of [50, 150]) {
  const before = median(timing[`${rtt} embedBefore`].decided);
  const now = median(timing[`${rtt} embed`].decided);
  console.log(
    `+${rtt} ms: the inline start puts protection in force ${(before - now).toFixed(0)} ms sooner (${now.toFixed(0)} vs ${before.toFixed(0)} ms from navigation)`,
  );
}

await product.close();
proxy.close();
