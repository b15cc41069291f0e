// Bundles src/index.ts into the dependency-free, minified IIFE the app embed loads on every
// page view, and src/extras/index.ts into the second asset it loads only where a redirect
// prompt or content protection is on. Shared by the build and by the browser tests, so the
// tests run exactly what ships.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The storefront script's budget: at most 3 KB gzipped, since it loads on every page view. */
export const MAX_GZIP_BYTES = 3072;
const ASSETS = join(root, '..', '..', 'extensions', 'gatehouse-embed', 'assets');
export const OUTPUT_FILE = join(ASSETS, 'gatehouse.js');
export const EXTRAS_FILE = join(ASSETS, 'gatehouse-extras.js');

export interface Bundle {
  code: string;
  rawBytes: number;
  gzipBytes: number;
}

/** The core script (src/index.ts), or the second asset (src/extras/index.ts). */
export async function bundleStorefront(entry: 'core' | 'extras' = 'core'): Promise<Bundle> {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    version: string;
  };
  const result = await build({
    entryPoints: [
      entry === 'core' ? join(root, 'src', 'index.ts') : join(root, 'src', 'extras', 'index.ts'),
    ],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    // Storefront visitors use evergreen browsers; older ones get the CSS fallback.
    target: ['chrome100', 'firefox100', 'safari15'],
    minify: true,
    legalComments: 'none',
    define: { __GATEHOUSE_VERSION__: JSON.stringify(version) },
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.text ?? '';
  return {
    code,
    rawBytes: Buffer.byteLength(code),
    gzipBytes: gzipSync(code, { level: 9 }).length,
  };
}
