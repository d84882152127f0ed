// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const foldersIn = (folder) => readdirSync(new URL(folder, import.meta.url), { withFileTypes: true }).filter((entry) => entry.isDirectory());

/** One zone per feature folder: a feature may import only from itself (GUIDE.md §3). */
function featureZones(folder) {
  return foldersIn(folder).map((feature) => ({
    target: `${folder}/${feature.name}`,
    from: folder,
    except: [`./${feature.name}`],
    message: 'Features never import each other: compose them in the app shell or the composition root.',
  }));
}

/**
 * The API's modules: one may import another's public surface, `<module>.api.ts`, and nothing else
 * of it (its rules stay in one place; app.ts wires the services).
 */
function moduleZones(folder) {
  const modules = foldersIn(folder);
  return modules.flatMap((module) =>
    modules
      .filter((other) => other.name !== module.name)
      .map((other) => ({
        target: `${folder}/${module.name}`,
        from: `${folder}/${other.name}`,
        except: [`./${other.name}.api.ts`],
        message: `Modules import each other's public surface only (${other.name}.api.ts).`,
      })),
  );
}

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
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } }, 'import-x/ignore': ['node_modules'] },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages/shared', from: './apps', message: 'packages/shared imports nothing from apps/.' },
            { target: './apps/web', from: './apps/api', message: 'The web app talks to the API over HTTP only.' },
            { target: './apps/api', from: './apps/web', message: 'The API never imports the web app.' },
            ...moduleZones('./apps/api/src/modules'),
            ...featureZones('./apps/web/src/features'),
          ],
        },
      ],
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
);
