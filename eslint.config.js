// One lint setup for the whole workspace: typescript-eslint's recommended rules everywhere,
// the rules of hooks in the admin, and the server's import boundaries.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.data/**',
      '.test-data/**',
      'extensions/**/assets/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/admin/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  // admin boundaries: imports flow one way, shared (lib, components, assets) → features → app.
  // A feature never imports another feature, shared code never imports a feature or the app
  // shell; the app shell composes them all.
  {
    files: ['apps/admin/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': {
        [new URL('./scripts/eslint-ts-resolver.mjs', import.meta.url).pathname]: {},
      },
      'boundaries/elements': [
        { type: 'admin-app', pattern: 'apps/admin/src/app' },
        {
          type: 'admin-feature',
          pattern: 'apps/admin/src/features/*',
          capture: ['feature'],
        },
        {
          type: 'admin-shared',
          pattern: 'apps/admin/src/(lib|components|assets)',
        },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'admin-shared' } },
              disallow: {
                to: { element: { types: { anyOf: ['admin-feature', 'admin-app'] } } },
              },
            },
            {
              from: { element: { type: 'admin-feature' } },
              disallow: { to: { element: { type: 'admin-app' } } },
            },
            {
              from: { element: { type: 'admin-feature' } },
              disallow: {
                to: {
                  element: {
                    type: 'admin-feature',
                    captured: { feature: '!{{ from.captured.feature }}' },
                  },
                },
              },
            },
          ],
        },
      ],
    },
  },
  // -------------------------------------------------------------- package boundaries
  // The packages are layered: the engine depends on no other part of Gatehouse; contracts
  // (what the admin, the server, the storefront and the firewall say to each other) build on
  // the engine alone. Neither reaches into an app or another package by a relative path.
  {
    files: ['packages/engine/src/**/*.ts'],
    ignores: ['packages/engine/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@gatehouse/*', '../../../*'],
              message: 'The engine depends on no other part of Gatehouse.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@gatehouse/*', '!@gatehouse/engine', '!@gatehouse/engine/*', '../../../*'],
              message: 'Contracts build on the engine alone.',
            },
          ],
        },
      ],
    },
  },
  // The checkout validation function runs inside Shopify with tight limits on its size: of
  // Gatehouse it bundles only the US ZIP+4 rule it shares with the order filters, and that
  // module imports nothing.
  {
    files: ['extensions/checkout-validation/src/**/*.ts'],
    ignores: ['extensions/checkout-validation/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@gatehouse/*',
                '!@gatehouse/engine',
                '!@gatehouse/engine/us-zip',
                '../../../*',
              ],
              message:
                "The checkout function bundles only the engine's us-zip module of Gatehouse.",
            },
          ],
          paths: [
            {
              name: '@gatehouse/engine',
              message:
                "The checkout function bundles only the engine's us-zip module of Gatehouse.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/engine/src/orders/us-zip.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['*'],
              message: 'The checkout function bundles this module: it imports nothing.',
            },
          ],
        },
      ],
    },
  },
  // ---------------------------------------------------------------- server boundaries
  // apps/server/src has four kinds of code. The app layer (app.ts, server.ts and the cli/
  // entry points) composes features. A feature (features/<name>/) imports the kernels, the core
  // and its own files, never another feature and never the app layer. A kernel (protection/,
  // orders/: code several features share, such as the blockers' registry or the order log)
  // imports the core and other kernels, never a feature or the app layer. The core (core/: env,
  // errors, the database driver, http helpers, plugins, jobs, the platform client, sessions,
  // crypto, csv, tokens) imports only itself. Import cycles are checked by dpdm in the test
  // command.
  {
    files: ['apps/server/src/**/*.{ts,mjs}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': {
        [new URL('./scripts/eslint-ts-resolver.mjs', import.meta.url).pathname]: {},
      },
      'boundaries/elements': [
        { type: 'server-app', pattern: 'apps/server/src/cli' },
        { type: 'server-feature', pattern: 'apps/server/src/features/*', capture: ['feature'] },
        { type: 'server-core', pattern: 'apps/server/src/core' },
        { type: 'server-kernel', pattern: 'apps/server/src/*' },
      ],
      // app.ts, server.ts and list-blockers.ts are files, not folders: files of the app layer.
      'boundaries/files': [
        { category: 'server-app', pattern: 'apps/server/src/{app,server,list-blockers}.ts' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'server-feature' } },
              disallow: {
                to: {
                  element: {
                    type: 'server-feature',
                    captured: { feature: '!{{ from.element.captured.feature }}' },
                  },
                },
              },
            },
            {
              from: {
                element: { types: { anyOf: ['server-feature', 'server-kernel', 'server-core'] } },
              },
              disallow: { to: { element: { type: 'server-app' } } },
            },
            {
              from: {
                element: { types: { anyOf: ['server-feature', 'server-kernel', 'server-core'] } },
              },
              disallow: { to: { file: { categories: 'server-app' } } },
            },
            {
              from: { element: { type: 'server-kernel' } },
              disallow: { to: { element: { type: 'server-feature' } } },
            },
            {
              from: { element: { type: 'server-core' } },
              disallow: {
                to: { element: { types: { anyOf: ['server-feature', 'server-kernel'] } } },
              },
            },
          ],
        },
      ],
    },
  },
);
