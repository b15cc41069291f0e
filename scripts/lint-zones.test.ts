// Each zone of the import boundaries refuses an import across it: a file written where the zone
// lies, importing what the zone forbids, fails the workspace's lint, and its allowed twin passes.
// A rule that stopped matching (a moved folder, a renamed element) fails here, not in review.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The rules a scratch file breaks, linted as if it lay at `path` in the workspace. */
async function broken(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const scratch = imported;\n`, {
    filePath: `${root}${path}`,
  });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const zones: [zone: string, path: string, refused: string, allowed: string, rule: string][] = [
  [
    'admin shared code never imports a feature',
    'apps/admin/src/lib/scratch-zone.ts',
    "import { FaqPage as imported } from '../features/faq/components/faq-page.js';",
    "import { apiClient as imported } from './api-client.js';",
    'boundaries/dependencies',
  ],
  [
    'an admin feature never imports another feature',
    'apps/admin/src/features/dashboard/scratch-zone.ts',
    "import { FaqPage as imported } from '../faq/components/faq-page.js';",
    "import { apiClient as imported } from '../../lib/api-client.js';",
    'boundaries/dependencies',
  ],
  [
    'an admin feature never imports the app shell',
    'apps/admin/src/features/faq/scratch-zone.ts',
    "import { App as imported } from '../../app/app.js';",
    "import { FaqPage as imported } from './components/faq-page.js';",
    'boundaries/dependencies',
  ],
  [
    'a server feature never imports another feature',
    'apps/server/src/features/rating/scratch-zone.ts',
    "import { feedbackRoutes as imported } from '../feedback/routes.js';",
    "import { badRequest as imported } from '../../core/errors.js';",
    'boundaries/dependencies',
  ],
  [
    'the server core never imports a feature',
    'apps/server/src/core/http/scratch-zone.ts',
    "import { feedbackRoutes as imported } from '../../features/feedback/routes.js';",
    "import { badRequest as imported } from '../errors.js';",
    'boundaries/dependencies',
  ],
  [
    'the server core never imports a kernel',
    'apps/server/src/core/http/scratch-zone.ts',
    "import { createBlockerRegistry as imported } from '../../protection/blocker-registry.js';",
    "import { route as imported } from './route.js';",
    'boundaries/dependencies',
  ],
  [
    'the server core never imports the app layer',
    'apps/server/src/core/plugins/scratch-zone.ts',
    "import { buildApp as imported } from '../../app.js';",
    "import { audit as imported } from '../audit.js';",
    'boundaries/dependencies',
  ],
  [
    'a server kernel never imports a feature',
    'apps/server/src/orders/scratch-zone.ts',
    "import { feedbackRoutes as imported } from '../features/feedback/routes.js';",
    "import { badRequest as imported } from '../core/errors.js';",
    'boundaries/dependencies',
  ],
  [
    'a server feature never imports the app layer',
    'apps/server/src/features/rating/scratch-zone.ts',
    "import { buildApp as imported } from '../../app.js';",
    "import { audit as imported } from '../../core/audit.js';",
    'boundaries/dependencies',
  ],
  [
    'the engine depends on no other part of Gatehouse',
    'packages/engine/src/scratch-zone.ts',
    "import { isShopDomain as imported } from '@gatehouse/contracts';",
    "import { z as imported } from 'zod';",
    'no-restricted-imports',
  ],
  [
    'contracts build on the engine alone',
    'packages/contracts/src/scratch-zone.ts',
    "import { html as imported } from '@gatehouse/html';",
    "import { decide as imported } from '@gatehouse/engine';",
    'no-restricted-imports',
  ],
  [
    'the checkout function bundles only the shared ZIP rule of Gatehouse',
    'extensions/checkout-validation/src/scratch-zone.ts',
    "import { decide as imported } from '@gatehouse/engine';",
    "import { usZipBase as imported } from '@gatehouse/engine/us-zip';",
    'no-restricted-imports',
  ],
  [
    'the ZIP rule the checkout function bundles imports nothing',
    'packages/engine/src/orders/us-zip.ts',
    "import { parseIp as imported } from '../ip/ip-address.js';",
    'const imported = 0;',
    'no-restricted-imports',
  ],
];

describe('the import boundaries', () => {
  it.each(zones)('%s', async (_zone, path, refused, allowed, rule) => {
    expect(await broken(path, refused)).toContain(rule);
    expect(await broken(path, allowed)).not.toContain(rule);
  });
});
