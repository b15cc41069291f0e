// The merchant reads who came and what Gatehouse did, blocks a visitor in one click from the
// log (and that visitor is blocked on the storefront at once), sees a visitor's network and
// crawler verdict as badges and filters the log on them, searches the log by URL (a rare page
// among hundreds of visits found on the first page), and looks an address up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, setAppEmbed, setFlags } from './support/account-state.js';
import { screenshot, setUp, tearDown, type Fixture } from './support/fixtures.js';
import { signIn } from './support/sign-in.js';
import { visitStorefront } from './support/storefront-visit.js';
import { waitForLoggedVisits, type LoggedVisit } from './support/visitor-log.js';

const FRANCE = '212.27.48.10';
const UNITED_STATES = '8.8.8.8';
const DIGITALOCEAN = '159.89.0.1'; // a hosting network
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

describe('the visitor log', () => {
  let f: Fixture;
  let storefront: string;
  const visit = (ip: string) => visitStorefront(f, storefront, ip);

  beforeAll(async () => {
    // A walking "URL contains" page would examine at most 50 visits here (20 000 by default), so
    // a rare page found at once was not walked to; decisions are
    // asked for directly below, so the per-visitor limit is raised.
    f = await setUp({ VISIT_URL_SEARCH_BUDGET: '50', RATE_LIMIT_DECIDE_PER_MINUTE: '100000' });
    storefront = `${f.stack.emulatorUrl}/shops/${DEMO}/`;
    const page = await f.chrome.browser.newPage();
    await signIn(page, f.stack.appUrl);
    await page.close();
    await setFlags(f.stack, { isNew: false, plan: 'premium' });
    await setAppEmbed(f.stack, true);
  });
  afterAll(() => tearDown(f));

  it('lists the visits, filters by address, and blocks a visitor from a row', async () => {
    expect(await visit(UNITED_STATES)).toBe(false);
    expect(await visit(FRANCE)).toBe(false);
    await waitForLoggedVisits(f, UNITED_STATES);
    await waitForLoggedVisits(f, FRANCE);

    const admin = await f.chrome.browser.newPage();
    await admin.goto(`${f.stack.appUrl}/visitors`);
    await admin.getByRole('link', { name: FRANCE }).first().waitFor();
    await expect
      .poll(() => admin.getByRole('link', { name: UNITED_STATES }).count())
      .toBeGreaterThan(0);
    await screenshot(admin, 'visitor-log');

    await admin.getByPlaceholder('Filter by IP address or CIDR range').fill(FRANCE);
    await expect.poll(() => admin.getByRole('link', { name: UNITED_STATES }).count()).toBe(0);
    await expect.poll(() => admin.getByRole('link', { name: FRANCE }).count()).toBeGreaterThan(0);
    expect(admin.url()).toContain(encodeURIComponent(FRANCE).replace(/%2E/g, '.'));

    await admin
      .getByRole('button', { name: `Actions for ${FRANCE}` })
      .first()
      .click();
    await admin.getByText('Block this IP').click();
    // The action's own answer: the log's rows may already say "blocked" before it lands.
    const blocked = admin.waitForResponse(
      (r) => r.url().includes('/api/visitors/quickAction') && r.request().method() === 'POST',
    );
    await admin.getByRole('button', { name: 'Block IP' }).click();
    expect((await blocked).ok()).toBe(true);
    await expect
      .poll(() =>
        admin
          .getByText(/added to the IP block list|blocked/i)
          .first()
          .isVisible(),
      )
      .toBe(true);

    expect(await visit(FRANCE)).toBe(true);
    expect(await visit(UNITED_STATES)).toBe(false);
    await admin.close();
  });

  it('shows a fake crawler from a hosting network as badges, and filters on them', async () => {
    expect(
      await visitStorefront(f, storefront, DIGITALOCEAN, undefined, undefined, GOOGLEBOT),
    ).toBe(false);
    await waitForLoggedVisits(f, DIGITALOCEAN);

    const admin = await f.chrome.browser.newPage();
    await admin.goto(`${f.stack.appUrl}/visitors?crawler=fake`);
    await admin.getByRole('link', { name: DIGITALOCEAN }).first().waitFor();
    await admin.getByText('Crawler: Fake', { exact: true }).waitFor();
    expect(await admin.getByText('Fake crawler', { exact: true }).first().isVisible()).toBe(true);
    expect(await admin.getByText('Hosting', { exact: true }).first().isVisible()).toBe(true);
    expect(await admin.getByRole('link', { name: UNITED_STATES }).count()).toBe(0);
    await screenshot(admin, 'visitor-log-network-filter');

    await admin.goto(`${f.stack.appUrl}/visitors?network=tor`);
    await admin.getByText('Network: Tor', { exact: true }).waitFor();
    await admin.getByText('No visits match these filters').waitFor();
    await admin.getByRole('button', { name: 'Clear all', exact: true }).click();
    await admin.getByRole('link', { name: DIGITALOCEAN }).first().waitFor();
    expect(admin.url()).not.toContain('network=');
    await admin.close();
  });

  it('finds a rare URL among hundreds of visits on the first page', async () => {
    const decide = async (path: string) => {
      const url = encodeURIComponent(`https://${DEMO}${path}`);
      const res = await fetch(`${f.stack.appUrl}/api/storefront/decide?shop=${DEMO}&url=${url}`, {
        headers: { 'x-forwarded-for': UNITED_STATES },
      });
      expect(res.status).toBe(200);
    };
    const fill = async (from: number, n: number) => {
      for (let i = 0; i < n; i += 25) {
        const batch = Array.from({ length: Math.min(25, n - i) }, (_, k) => from + i + k);
        await Promise.all(batch.map((k) => decide(`/products/filler-${k}`)));
      }
    };
    // Newest first, the rare page is about 400 visits (8 pages of 50) back; the log has ~600.
    await fill(0, 200);
    await decide('/products/rare-needle');
    await fill(200, 400);
    const madeHere = (v: LoggedVisit) => /\/products\/(filler-\d+|rare-needle)$/.test(v.url);
    await waitForLoggedVisits(f, UNITED_STATES, 601, madeHere);

    const admin = await f.chrome.browser.newPage();
    // Found on the first page: the shop's distinct URLs are searched, then that URL's visits.
    await admin.goto(`${f.stack.appUrl}/visitors?url=rare-needle`);
    await admin
      .getByText(/rare-needle/)
      .first()
      .waitFor({ timeout: 30_000 });
    expect(await admin.getByText(/Searched visits back to/).count()).toBe(0);
    await screenshot(admin, 'visitor-log-url-search');

    // A text no visited URL holds: answered at once, nothing to walk through.
    await admin.goto(`${f.stack.appUrl}/visitors?url=no-such-page`);
    await admin.getByText('No visits match these filters').waitFor({ timeout: 30_000 });
    expect(await admin.getByText(/Press Next to search older visits/).count()).toBe(0);
    await admin.close();
  });

  it('looks an address up: where it is, its network, and what the rules decide', async () => {
    const page = await f.chrome.browser.newPage();
    await page.goto(`${f.stack.appUrl}/iplookup/${UNITED_STATES}`);
    // The first lookup loads the city data (about 130 MB) once.
    await page.getByText('What your rules decide', { exact: true }).waitFor({ timeout: 45_000 });
    await expect.poll(() => page.getByText('United States').first().isVisible()).toBe(true);
    expect(
      await page
        .getByText(/AS15169/)
        .first()
        .isVisible(),
    ).toBe(true);
    await screenshot(page, 'ip-lookup');
    await page.getByLabel('IP address').fill('999.1.1.1');
    await page.getByRole('button', { name: 'Look up' }).click();
    await expect
      .poll(() => page.getByText('Enter a valid IPv4 or IPv6 address.').first().isVisible())
      .toBe(true);
    await page.getByLabel('IP address').fill(FRANCE);
    await page.getByRole('button', { name: 'Look up' }).click();
    await page.waitForURL(`${f.stack.appUrl}/iplookup/${FRANCE}`);
    await expect.poll(() => page.getByText('France').first().isVisible()).toBe(true);
    expect(await page.getByText('On the IP block list').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'IP Geolocation by DB-IP' }).isVisible()).toBe(
      true,
    );
    await page.close();
  });
});
