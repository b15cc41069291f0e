// Takes the pictures of the theme editor that the Extensions page's guide shows, from the local
// platform's own theme editor: opened by hand (embed off), opened by the app's deep link (embed
// switched on, not saved yet), and after Save. Run after the editor's look changes:
//   npm run pictures
// The pictures are committed beside the guide, so the admin builds without running this.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '@gatehouse/test-support';
import { buildEmulator } from '@gatehouse/platform-emulator';
import { openChromium } from '@gatehouse/test-browser';

const SHOP = 'demo.myshopify.com';
const API_KEY = 'gatehouse-pictures-key';
const API_SECRET = 'gatehouse-pictures-secret';
const APP_URL = 'http://127.0.0.1:9';
const OUT = join(import.meta.dirname, '../apps/admin/src/features/extensions/assets');

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const emulator = await buildEmulator({
  publicUrl: origin,
  appUrl: APP_URL,
  apiKey: API_KEY,
  apiSecret: API_SECRET,
  stateFile: null,
  logger: false,
});
await emulator.listen({ port, host: '127.0.0.1' });

/** Installs the app as a merchant would: Install on the consent page, then the code exchange. */
async function install(): Promise<void> {
  const params = {
    client_id: API_KEY,
    scope: 'read_themes',
    redirect_uri: `${APP_URL}/api/auth/callback`,
    state: 'p'.repeat(64),
    'grant_options[]': '',
  };
  const approved = await fetch(`${origin}/shops/${SHOP}/admin/oauth/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...params, decision: 'install' }),
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
  });
  const code = new URL(approved.headers.get('location') ?? '').searchParams.get('code');
  const token = await fetch(`${origin}/shops/${SHOP}/admin/oauth/access_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: API_KEY, client_secret: API_SECRET, code }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!token.ok) throw new Error(`install failed: ${token.status} ${await token.text()}`);
}

const chrome = await openChromium({
  profilePrefix: 'gatehouse-pictures-',
  viewport: { width: 1100, height: 620 },
});
try {
  await install();
  mkdirSync(OUT, { recursive: true });
  const page = await chrome.context.newPage();
  const editor = `${origin}/shops/${SHOP}/admin/themes/current/editor`;
  const shoot = async (name: string) => {
    // The preview shows the store once the embed (when on) has revealed it.
    await page
      .frameLocator('iframe[title="Storefront preview"]')
      .getByRole('heading', { name: 'Gear for the long way round' })
      .waitFor({ state: 'visible', timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: join(OUT, `${name}.jpg`), type: 'jpeg', quality: 82 });
    console.log(`wrote ${name}.jpg`);
  };

  await page.goto(editor);
  await shoot('theme-editor-off');

  await page.goto(`${editor}?context=apps&template=index&activateAppId=${API_KEY}/app-embed`);
  await page.getByText('App embed activated. Save to publish.').waitFor();
  await shoot('theme-editor-activated');

  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('On in the published theme').waitFor();
  await shoot('theme-editor-saved');
} finally {
  await chrome.close();
  await emulator.close();
}
