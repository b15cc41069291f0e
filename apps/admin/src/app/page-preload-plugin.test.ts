// The build's page preload list: each page's own chunk and the chunks it imports, leaving out
// what the entry script already brings, and a build that stops when a named page is not a chunk.
import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { pagePreloads } from '../../page-preload-plugin.js';

function chunk(fileName: string, imports: string[], extra: object = {}): Rolldown.OutputChunk {
  return {
    type: 'chunk',
    fileName,
    imports,
    isEntry: false,
    facadeModuleId: null,
    ...extra,
  } as unknown as Rolldown.OutputChunk;
}

const bundle = Object.fromEntries(
  [
    chunk('assets/index.js', ['assets/react.js'], { isEntry: true }),
    chunk('assets/react.js', []),
    chunk('assets/page.js', ['assets/react.js', 'assets/card.js'], {
      facadeModuleId: '/admin/src/features/x/x-page.tsx',
    }),
    chunk('assets/card.js', ['assets/text.js']),
    chunk('assets/text.js', ['assets/react.js']),
    { type: 'asset', fileName: 'assets/x.css' },
  ].map((output) => [output.fileName, output]),
) as unknown as Rolldown.OutputBundle;

describe('page preloads of a build', () => {
  it("lists a page's chunks and those they import, without the entry's", () => {
    expect(pagePreloads(bundle, '/admin', { x: 'src/features/x/x-page.tsx' })).toEqual({
      x: ['/assets/page.js', '/assets/card.js', '/assets/text.js'],
    });
  });

  it('says which page is not a chunk of its own', () => {
    expect(pagePreloads(bundle, '/admin', { y: 'src/features/y/y-page.tsx' })).toBe(
      'src/features/y/y-page.tsx (the page of /y) is not a chunk of its own',
    );
  });
});
