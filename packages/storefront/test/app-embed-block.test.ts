// The app-embed block as the platform renders it: the guard first, then the config the script
// reads, then the few inline bytes that start the decision, then the script itself, loaded
// without blocking the parser.
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readBlockSchema, renderBlock } from './support/render-block.js';

const settings = {
  shop: 'demo.myshopify.com',
  apiOrigin: 'https://gatehouse.example.com',
  timeoutMs: 1800,
  assetBase: 'https://cdn.example.com/extensions/gatehouse-embed/assets',
};

describe('the app-embed block', () => {
  it('is an app embed in the head with the decision time-out as its one setting', () => {
    const schema = readBlockSchema();
    expect(schema).toMatchObject({ name: 'Gatehouse protection', target: 'head' });
    expect(schema.javascript).toBeUndefined();
    expect(schema.settings).toEqual([
      expect.objectContaining({
        type: 'range',
        id: 'timeout_ms',
        min: 500,
        max: 10000,
        default: 2500,
      }),
    ]);
  });

  it('renders the guard first, hiding the page and revealing it after the time-out plus a margin', async () => {
    const html = await renderBlock(settings);
    expect(html.startsWith('<style id="gatehouse-guard">')).toBe(true);
    const guard = /<style id="gatehouse-guard">(.*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(guard).toContain('html{visibility:hidden;');
    expect(guard).toContain('animation:gatehouse-reveal 0s 2300ms forwards');
    expect(guard).toContain('@keyframes gatehouse-reveal{to{visibility:visible}}');
  });

  it('renders the config as JSON the script can read, the policy version included', async () => {
    const html = await renderBlock({ ...settings, policyVersion: 'Ab-9_xYz01234' });
    const json = /<script id="gatehouse-config" type="application\/json">(.*?)<\/script>/.exec(
      html,
    )?.[1];
    expect(JSON.parse(json ?? 'null')).toEqual({
      shop: 'demo.myshopify.com',
      api: 'https://gatehouse.example.com',
      timeoutMs: 1800,
      version: 'Ab-9_xYz01234',
      extras: `${settings.assetBase}/gatehouse-extras.js`,
    });
    // Before the app has published a version the script is told there is none.
    const before = /<script id="gatehouse-config" type="application\/json">(.*?)<\/script>/.exec(
      await renderBlock(settings),
    )?.[1];
    expect(JSON.parse(before ?? 'null')).toMatchObject({ version: '' });
  });

  it('starts the decision inline, between the config and the script, in a few hundred bytes', async () => {
    const html = await renderBlock(settings);
    const inline = /<script>(try\{.*?\}catch\(e\)\{\})<\/script>/.exec(html)?.[1] ?? '';
    expect(inline).toContain('/api/storefront/decide?');
    expect(html.indexOf(inline)).toBeGreaterThan(html.indexOf('gatehouse-config'));
    expect(html.indexOf(inline)).toBeLessThan(html.indexOf('gatehouse.js'));
    // Its cost on every page view: at most 900 bytes as sent, 550 gzipped.
    expect(Buffer.byteLength(inline)).toBeLessThanOrEqual(900);
    expect(gzipSync(inline, { level: 9 }).length).toBeLessThanOrEqual(550);
  });

  it('loads the script asynchronously from the extension assets, after the config', async () => {
    const html = await renderBlock(settings);
    const script = `<script src="${settings.assetBase}/gatehouse.js" async></script>`;
    expect(html).toContain(script);
    expect(html.indexOf(script)).toBeGreaterThan(html.indexOf('gatehouse-config'));
    expect(html).not.toMatch(/<script src="[^"]*"(?! async)>/);
  });
});
