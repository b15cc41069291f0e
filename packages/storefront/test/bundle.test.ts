// The built script against its budget (3 KB gzipped) and its promise of no dependencies.
import { describe, expect, it } from 'vitest';
import { bundleStorefront, MAX_GZIP_BYTES } from '../scripts/bundle.js';

describe('the storefront bundle', () => {
  it.each(['core', 'extras'] as const)('%s stays within 3 KB gzipped', async (entry) => {
    const bundle = await bundleStorefront(entry);
    expect(bundle.gzipBytes).toBeGreaterThan(0);
    expect(bundle.gzipBytes).toBeLessThanOrEqual(MAX_GZIP_BYTES);
  });

  it('keeps the prompt and content protection out of the core', async () => {
    const [{ code: core }, { code: extras }] = await Promise.all([
      bundleStorefront('core'),
      bundleStorefront('extras'),
    ]);
    expect(core).not.toContain('contextmenu');
    expect(core).not.toContain('attachShadow');
    expect(extras).toContain('contextmenu');
    expect(extras).toContain('attachShadow');
  });

  it('is one self-contained script that leaves only the frozen Gatehouse global behind', async () => {
    const { code } = await bundleStorefront();
    expect(code).not.toMatch(/\bimport\b|\brequire\(/);
    expect(code).not.toContain('zod');
    expect(code.startsWith('"use strict";(()=>{')).toBe(true);
    expect(code.trimEnd().endsWith('})();')).toBe(true);
  });
});
