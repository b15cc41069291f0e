// An import resolver for eslint-plugin-boundaries: TypeScript sources import each other as
// `./x.js`, so a relative `.js` specifier resolves to the `.ts` (or `.tsx`) file beside it when
// that is what exists; everything else goes to the plain Node resolver.
import { existsSync, statSync } from 'node:fs';
import { dirname, resolve as resolvePath } from 'node:path';
import { createRequire } from 'node:module';

/** @type {{ resolve(source: string, file: string, config: object): unknown }} */
const nodeResolver = createRequire(import.meta.url)('eslint-import-resolver-node');

export const interfaceVersion = 2;

/** @param {string} source @param {string} file @param {object} config */
export function resolve(source, file, config) {
  if (source.startsWith('.')) {
    const base = resolvePath(dirname(file), source);
    for (const candidate of [base, base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx')]) {
      if (existsSync(candidate) && statSync(candidate).isFile())
        return { found: true, path: candidate };
    }
  }
  return nodeResolver.resolve(source, file, config);
}
