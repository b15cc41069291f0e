// A vitest reporter that writes the run's unhandled errors (an error thrown or a promise rejected
// outside any test) to the file named by UNHANDLED_ERRORS_FILE, so that scripts/test.mjs can
// repeat them beside its closing line: the default reporter prints them mid-log, far above it.
import { writeFileSync } from 'node:fs';

/** @typedef {{ name?: string, message?: string, stack?: string, VITEST_TEST_PATH?: string, VITEST_TEST_NAME?: string }} SerializedError */

export default class UnhandledErrorsReporter {
  /** @param {unknown} _modules @param {ReadonlyArray<SerializedError>} errors */
  onTestRunEnd(_modules, errors) {
    const file = process.env.UNHANDLED_ERRORS_FILE;
    if (!file) return;
    const lines = errors.map((e) => ({
      name: e.name ?? 'Error',
      message: e.message ?? '',
      // The file (and test) that was running when it was thrown, where vitest knows it.
      during: [e.VITEST_TEST_PATH, e.VITEST_TEST_NAME].filter(Boolean).join(' > '),
      stack: (e.stack ?? '').split('\n').slice(0, 12).join('\n'),
    }));
    writeFileSync(file, JSON.stringify(lines, null, 2));
  }
}
