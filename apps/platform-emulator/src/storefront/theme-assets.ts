// What a real theme makes a browser download, so the demo store weighs what a store does and a
// storefront measurement means something: a large hero photo (a generated, noisy PNG that
// compresses as poorly as a photo), two web font faces (Liberation Sans, from the system's
// fonts when present) and three deferred theme scripts that run at start-up as a theme's do.
// Everything is generated once, deterministically, at first use.
import { existsSync, readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

export const THEME_ASSETS_PATH = '/cdn/shop/t/1/assets';

const FONT_DIR = '/usr/share/fonts/truetype/liberation';
const FONTS: Record<string, string> = {
  'body-regular.ttf': 'LiberationSans-Regular.ttf',
  'body-bold.ttf': 'LiberationSans-Bold.ttf',
};

export const HERO = { file: 'hero.png', width: 960, height: 480 };
export const THEME_SCRIPTS = ['theme.js', 'cart-drawer.js', 'product-recommendations.js'];

/** A small deterministic pseudo-random generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A green landscape-like gradient with grain, as an 8-bit RGB PNG. */
function heroPng(): Buffer {
  const { width, height } = HERO;
  const next = random(42);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const grain = Math.round((next() - 0.5) * 4) * 3;
      const sky = y / height;
      row[1 + x * 3] = Math.max(0, Math.min(255, 47 + 44 * sky + grain));
      row[2 + x * 3] = Math.max(0, Math.min(255, 74 + 53 * sky + (x / width) * 20 + grain));
      row[3 + x * 3] = Math.max(0, Math.min(255, 58 + 32 * sky + grain));
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A theme script: many small functions (parsed and compiled like a theme's), run at start. */
function themeScript(name: string, seed: number): string {
  const next = random(seed);
  const parts = [`/* ${name}: generated demo theme script */`, '(function(){var out=0;'];
  for (let i = 0; i < 400; i++) {
    const a = Math.floor(next() * 1000);
    const b = Math.floor(next() * 1000);
    parts.push(
      `function f${i}(n){var s=${a};for(var k=0;k<n;k++){s=(s*31+k*${b})%1000003;}return s;}`,
    );
  }
  parts.push('document.addEventListener("DOMContentLoaded",function(){');
  for (let i = 0; i < 400; i++) parts.push(`out+=f${i}(200);`);
  parts.push(`document.documentElement.dataset.${name.replace(/\W/g, '')}=String(out%97);});})();`);
  return parts.join('\n');
}

export interface ThemeAsset {
  type: string;
  body: Buffer | string;
}

let cache: Map<string, ThemeAsset> | null = null;

function assets(): Map<string, ThemeAsset> {
  if (cache) return cache;
  cache = new Map<string, ThemeAsset>();
  cache.set(HERO.file, { type: 'image/png', body: heroPng() });
  THEME_SCRIPTS.forEach((file, i) =>
    cache!.set(file, { type: 'text/javascript; charset=utf-8', body: themeScript(file, i + 7) }),
  );
  for (const [file, system] of Object.entries(FONTS)) {
    const path = `${FONT_DIR}/${system}`;
    if (existsSync(path)) cache.set(file, { type: 'font/ttf', body: readFileSync(path) });
  }
  return cache;
}

export function themeAsset(file: string): ThemeAsset | undefined {
  return assets().get(file);
}

/** The web fonts the layout can declare (only those this machine has). */
export function availableFonts(): { regular: boolean; bold: boolean } {
  return { regular: assets().has('body-regular.ttf'), bold: assets().has('body-bold.ttf') };
}
