// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Which file may import which (cycles, layers, module surfaces, features) is dependency-cruiser's:
// .dependency-cruiser.cjs, run by `npm run lint` after ESLint.

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/drizzle/**',
      'bench/results/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'apps/api/test/api-client/matterhorn-api.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['apps/api/src/modules/**/*.repository.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*'], message: 'SQL lives in the feature’s repository file.' }] },
      ],
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The web's build leaves the shared schemas' descriptions out by matching `.describe('…')`
    // (apps/web/build/api-descriptions.ts): a description is one string literal, never .meta().
    files: ['packages/shared/src/**/*.ts'],
    ignores: ['packages/shared/src/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='describe']:not([arguments.length=1][arguments.0.type='Literal'])",
          message: 'A schema’s description is one string literal, so the web’s build can leave it out.',
        },
        {
          selector: "CallExpression[callee.property.name='meta']",
          message: "Describe a field with .describe('…'), which the web’s build leaves out.",
        },
      ],
    },
  },
);
