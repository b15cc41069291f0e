// Build plugin: gives every admin build an id and tells the bundle its own id, so a running
// admin can notice a newer deployment (the version banner). The id is a hash of the emitted
// chunk file names, which Vite derives from their content: any code change makes a new id.
// The bundle is compiled with a placeholder that is swapped for the id once the names are
// known; `dist/version.json` (`{"version": "<id>"}`) is what the server reports as deployed.
/// <reference types="node" />
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/** Same length as the id, so source maps stay aligned after the swap. */
export const BUILD_ID_PLACEHOLDER = '__GH_BUILD_ID__0';
export const DEV_BUILD_ID = 'dev';

export function buildIdOf(chunkFileNames: readonly string[]): string {
  const names = [...chunkFileNames].sort().join('\n');
  return createHash('sha256').update(names).digest('hex').slice(0, BUILD_ID_PLACEHOLDER.length);
}

export function adminVersionPlugin(): Plugin {
  return {
    name: 'gatehouse-admin-version',
    config(_config, { command }) {
      const id = command === 'build' ? BUILD_ID_PLACEHOLDER : DEV_BUILD_ID;
      return { define: { 'import.meta.env.ADMIN_BUILD_ID': JSON.stringify(id) } };
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const id = buildIdOf(chunks.map((chunk) => chunk.fileName));
      for (const chunk of chunks) {
        if (chunk.code.includes(BUILD_ID_PLACEHOLDER)) {
          chunk.code = chunk.code.replaceAll(BUILD_ID_PLACEHOLDER, id);
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: `${JSON.stringify({ version: id })}\n`,
      });
    },
  };
}
