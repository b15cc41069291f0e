// An import resolver for the lint's boundary rules: the admin's sources import each other as
// `./file.js` (what the bundler and TypeScript expect), while the file on disk is `file.ts` or
// `file.tsx`. Relative imports are mapped to the source file; everything else goes to Node's
// resolution, so packages still count as external.
import fs from 'node:fs';
import path from 'node:path';
import nodeResolver from 'eslint-import-resolver-node';

export const interfaceVersion = 2;

export function resolve(source, file, config) {
  if (source.startsWith('.')) {
    const target = path.resolve(path.dirname(file), source);
    const stem = target.replace(/\.js$/, '');
    for (const candidate of [target, `${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`]) {
      if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) {
        return { found: true, path: candidate };
      }
    }
  }
  return nodeResolver.resolve(source, file, config);
}
