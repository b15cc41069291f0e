// The PostgreSQL step of the test command runs the files under apps/server/test, the ones that
// open the test database. A unit test beside the server's sources that opened it would be left
// out of that step without anyone noticing: none may.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const sources = join(root, 'apps/server/src');

/**
 * What a test file imports or reads that opens the database TEST_DATABASE_URL points at (a test
 * of PGlite itself, which opens PGlite by name, has no place on PostgreSQL).
 */
const OPENS_A_DATABASE =
  /from '[^']*\/(test-app|signed-in-shops|test-database|migrations)\.js'|TEST_DATABASE_URL/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the PostgreSQL step', () => {
  it('leaves out only unit tests that open no database', () => {
    const files = testFiles(sources);
    expect(files.length).toBeGreaterThan(0);
    const opening = files
      .filter((file) => OPENS_A_DATABASE.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(opening).toEqual([]);
  });
});
