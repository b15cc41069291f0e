// `npm run build -w @gatehouse/storefront`: writes the app embed's script into the theme app
// extension's assets and fails when it is over its size budget.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { bundleStorefront, MAX_GZIP_BYTES, OUTPUT_FILE } from './bundle.js';

const bundle = await bundleStorefront();
mkdirSync(dirname(OUTPUT_FILE), { recursive: true });
writeFileSync(OUTPUT_FILE, bundle.code);
console.log(
  `${relative(process.cwd(), OUTPUT_FILE)}: ${bundle.rawBytes} bytes, ${bundle.gzipBytes} bytes gzipped (budget ${MAX_GZIP_BYTES})`,
);
if (bundle.gzipBytes > MAX_GZIP_BYTES) {
  console.error(`The storefront script is over its budget of ${MAX_GZIP_BYTES} bytes gzipped.`);
  process.exit(1);
}
