// One lint setup for the whole workspace: typescript-eslint's recommended rules everywhere,
// the rules of hooks in the admin.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import { fileURLToPath } from 'node:url';

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
        [fileURLToPath(new URL('./apps/admin/eslint-import-resolver.mjs', import.meta.url))]: {},
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
);
