// `npm run build -w @gatehouse/storefront`: writes the app embed's script and its second asset
// into the theme app extension's assets and fails when either is over its size budget.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { bundleStorefront, EXTRAS_FILE, MAX_GZIP_BYTES, OUTPUT_FILE } from './bundle.js';

let over = false;
for (const [entry, file] of [
  ['core', OUTPUT_FILE],
  ['extras', EXTRAS_FILE],
] as const) {
  const bundle = await bundleStorefront(entry);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bundle.code);
  console.log(
    `${relative(process.cwd(), file)}: ${bundle.rawBytes} bytes, ${bundle.gzipBytes} bytes gzipped (budget ${MAX_GZIP_BYTES})`,
  );
  if (bundle.gzipBytes > MAX_GZIP_BYTES) {
    console.error(
      `${relative(process.cwd(), file)} is over its budget of ${MAX_GZIP_BYTES} bytes gzipped.`,
    );
    over = true;
  }
}
if (over) process.exit(1);
