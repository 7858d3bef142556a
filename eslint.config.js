import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import reactRefresh from 'eslint-plugin-react-refresh'
import importX from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import { readdirSync } from 'node:fs'

// Every folder in src/features is a feature, read at lint time: a new one is fenced in from the start.
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

export default tseslint.config(
  {
    ignores: ['dist', 'dist-*', 'node_modules', 'playwright-report', 'test-results', 'coverage'],
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'react-refresh': reactRefresh, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // useLoad (src/lib/use-load.ts) takes its dependencies as useEffect does.
      'react-hooks/exhaustive-deps': ['warn', { additionalHooks: '^useLoad$' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': 'error',
      // The architecture: app wires features together; features never reach into each other;
      // shared code (lib, components) never imports a feature or the app.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((name) => ({
              target: `./src/features/${name}`,
              from: './src/features',
              except: [`./${name}`],
              message:
                'Features do not import each other; share through src/lib or src/components.',
            })),
            {
              target: ['./src/lib', './src/components'],
              from: ['./src/features', './src/app'],
              message: 'Shared code never imports a feature or the app.',
            },
          ],
        },
      ],
    },
  },
  {
    // What a guest's browser loads never brings i18next: the guest pages (site, RSVP, a household's
    // link) and the pieces they share read their strings through src/lib/i18n (see
    // docs/decisions.md). Management keeps i18next.
    files: [
      'src/features/site/**/*.{ts,tsx}',
      'src/features/rsvp/**/*.{ts,tsx}',
      'src/features/invitations/routes/open-invitation-page.tsx',
      'src/lib/**/*.{ts,tsx}',
      'src/components/{language-toggle,not-found,page-spinner,route-error}.tsx',
      'src/main.tsx',
    ],
    ignores: ['src/lib/i18n/i18next.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['i18next', 'react-i18next'].map((name) => ({
            name,
            allowTypeImports: true,
            message: 'The public site reads its strings through @/lib/i18n and @/lib/i18n/react.',
          })),
        },
      ],
    },
  },
  {
    // Pure domain models: no React, no canvas, no backend. A type may come from anywhere (the API's
    // shapes are a model's input), so it is written once.
    files: [
      'src/features/**/model/**/*.ts',
      'src/features/**/model.ts',
      'src/features/**/*-model.ts',
      'src/lib/rsvp/{events,rsvp-form}.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react-*', 'konva', '@/lib/backend*', '@/lib/api*'],
              allowTypeImports: true,
              message: 'Models are plain functions.',
            },
          ],
        },
      ],
    },
  },
  {
    // The app imports only what package.json's dependencies name: a package that arrives with
    // another (date-fns, with the date picker) is that package's, not a second way to do a thing.
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        { devDependencies: false, includeTypes: true },
      ],
    },
  },
  {
    files: ['src/**/*.tsx'],
    rules: { 'react-refresh/only-export-components': ['warn', { allowConstantExport: true }] },
  },
)
