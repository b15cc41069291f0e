// Runs every suite of the project and sums them into one closing line, `N passed, N failed`:
// format, lint, import cycles, types, unit and API tests on PGlite, the database tests again on a real
// PostgreSQL server started here, the admin build, and the browser tests in Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startPostgres } from './postgres.mjs';
import { assertRuntime } from './runtime.mjs';

assertRuntime();

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const results = join(root, '.test-data', 'results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
/** @param {string} name */
const bin = (name) => join(root, 'node_modules', '.bin', name);

let passed = 0;
let failed = 0;
/** @type {string[]} */
const failures = [];
/** @type {string[]} errors a vitest run reported outside its tests, repeated at the end */
const outsideTests = [];
/** @type {string[]} each failed test with the head of its error, repeated at the end */
const failedTests = [];
/** @type {{ title: string, seconds: number }[]} each step's wall time, printed at the end */
const steps = [];
const runStarted = Date.now();

/** @param {string} title @param {number} started */
function timed(title, started) {
  const seconds = (Date.now() - started) / 1000;
  steps.push({ title, seconds });
  return seconds.toFixed(1);
}

/** @param {string} title @param {string} cmd @param {string[]} args @param {NodeJS.ProcessEnv} [env] */
function run(title, cmd, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  console.log(`◀ ${title}: exit ${res.status ?? res.signal} in ${timed(title, started)} s`);
  return res.status === 0;
}

/**
 * A check that is one test: it passes or fails as a whole.
 * @param {string} title @param {string} cmd @param {string[]} args
 */
function check(title, cmd, args) {
  if (run(title, cmd, args)) passed += 1;
  else {
    failed += 1;
    failures.push(title);
  }
}

/** Where a suite's time went: its slowest files. @param {{ name: string, startTime: number, endTime: number }[]} files */
function printSlowest(files) {
  const slowest = files
    .map((f) => ({ name: relative(root, f.name), seconds: (f.endTime - f.startTime) / 1000 }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 8);
  console.log('Slowest files:');
  for (const f of slowest) console.log(`  ${f.seconds.toFixed(1).padStart(7)} s  ${f.name}`);
}

/**
 * Each failed test (or file that failed to load) with the first lines of its error, so that the
 * end of the run names what failed however long the output above it.
 * @param {{ name: string, message?: string, status: string, assertionResults: { status: string, fullName: string, failureMessages?: string[] }[] }[]} files
 */
function failedTestsOf(files) {
  // The message and the project's own frames: the test runner's frames say nothing.
  const head = (/** @type {string} */ text) =>
    text
      .split('\n')
      .filter((line) => !/node_modules|<anonymous>/.test(line))
      .slice(0, 12)
      .join('\n    ');
  return files.flatMap((f) => {
    const name = relative(root, f.name);
    const failedInFile = f.assertionResults.filter((a) => a.status === 'failed');
    if (f.status === 'failed' && failedInFile.length === 0)
      return [`${name}\n    ${head(f.message ?? '(the file failed to run)')}`];
    return failedInFile.map(
      (a) => `${name} > ${a.fullName}\n    ${head(a.failureMessages?.join('\n') ?? '')}`,
    );
  });
}

/** The unhandled errors a vitest run wrote (scripts/unhandled-errors-reporter.mjs). @param {string} file */
function readUnhandled(file) {
  if (!existsSync(file)) return ['(no unhandled error was recorded)'];
  /** @type {{ name: string, message: string, during: string, stack: string }[]} */
  const errors = JSON.parse(readFileSync(file, 'utf8'));
  return errors.map(
    (e) => `${e.during ? `while ${e.during} ran:\n` : ''}${e.stack || `${e.name}: ${e.message}`}`,
  );
}

/**
 * A vitest run counted test by test from its JSON report; a file that fails to load counts as a failure.
 * @param {string} title @param {string[]} args @param {NodeJS.ProcessEnv} [env]
 */
function vitest(title, args, env = {}) {
  const out = join(results, `${title.replace(/\W+/g, '-')}.json`);
  const unhandled = join(results, `${title.replace(/\W+/g, '-')}.unhandled.json`);
  const ok = run(
    title,
    bin('vitest'),
    [
      'run',
      ...args,
      '--reporter=default',
      '--reporter=json',
      `--reporter=${join(root, 'scripts', 'unhandled-errors-reporter.mjs')}`,
      `--outputFile=${out}`,
    ],
    { ...env, UNHANDLED_ERRORS_FILE: unhandled },
  );
  if (!existsSync(out)) {
    failed += 1;
    failures.push(`${title} (no report)`);
    return;
  }
  /** @type {{ numPassedTests: number, numFailedTests: number, testResults: { name: string, message?: string, startTime: number, endTime: number, status: string, assertionResults: { status: string, fullName: string, failureMessages?: string[] }[] }[] }} */
  const report = JSON.parse(readFileSync(out, 'utf8'));
  printSlowest(report.testResults);
  failedTests.push(...failedTestsOf(report.testResults));
  const brokenFiles = report.testResults.filter(
    (f) => f.status === 'failed' && f.assertionResults.every((a) => a.status !== 'failed'),
  ).length;
  passed += report.numPassedTests;
  failed += report.numFailedTests + brokenFiles;
  // A run that fails with every test passed (an unhandled error, say) still counts as one.
  if (!ok && report.numFailedTests + brokenFiles === 0) {
    failed += 1;
    failures.push(`${title} (the run failed outside its tests)`);
    outsideTests.push(...readUnhandled(unhandled));
  } else if (report.numFailedTests + brokenFiles > 0) failures.push(title);
}

check('format (prettier)', bin('prettier'), ['--check', '.', '--log-level', 'warn']);
check('lint (eslint)', bin('eslint'), ['.', '--max-warnings', '0']);
// Import cycles, which the lint's boundaries do not see inside one folder: none anywhere in
// what the server, the support CLI, the admin and the firewall load (type-only imports aside).
check('import cycles (dpdm)', bin('dpdm'), [
  ...['--no-warning', '--no-tree', '--transform', '--exit-code', 'circular:1'],
  ...['apps/server/src/server.ts', 'apps/server/src/cli/cli.ts', 'apps/admin/src/main.tsx'],
  'apps/firewall/src/server.ts',
]);
check('types (tsc -b)', bin('tsc'), ['-b']);
vitest('unit and API tests (PGlite)', []);

let pg = null;
try {
  const started = Date.now();
  pg = await startPostgres();
  console.log(`PostgreSQL started in ${timed('PostgreSQL server start', started)} s`);
  // The database tests are the files under apps/server/test: every one of them opens a
  // database through the test helpers (the schema conformance check, which opens none, aside);
  // the unit tests beside the server's sources open none, and pg-suite.test.ts holds them to it.
  // As many files at once as on PGlite: each file has databases of its own, copied from one
  // template, and drops only its own once their clients have gone.
  vitest(
    'database tests (PostgreSQL)',
    ['apps/server/test', '--exclude', 'apps/server/test/platform/schema-conformance.test.ts'],
    { TEST_DATABASE_URL: pg.url },
  );
} catch (error) {
  console.error(
    `PostgreSQL could not be started: ${error instanceof Error ? error.message : error}`,
  );
  failed += 1;
  failures.push('database tests (PostgreSQL): server did not start');
} finally {
  pg?.stop();
}

check('admin build (vite)', 'npm', ['run', 'build', '--silent']);
vitest('browser tests (Chromium)', ['--config', 'e2e/vitest.config.ts']);

console.log('\nTime per step:');
for (const { title, seconds } of steps)
  console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${title}`);
console.log(`  ${((Date.now() - runStarted) / 1000).toFixed(1).padStart(7)} s  in all`);
if (failedTests.length) {
  const shown = failedTests.slice(0, 15);
  const more = failedTests.length - shown.length;
  console.log(`\nFailed tests:\n${shown.join('\n\n')}${more ? `\n\n(and ${more} more)` : ''}`);
}
if (outsideTests.length) console.log(`\nErrors outside the tests:\n${outsideTests.join('\n\n')}`);
if (failures.length) console.log(`\nFailed: ${failures.join('; ')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
