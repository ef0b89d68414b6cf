import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import rules of DESIGN.md section 2: imports flow one way, features never import each other,
// browser code never imports the BFF or the simulator, and those two import only src/schemas.
const browserCannotImport = [
  { group: ['**/server/**', '**/src/server', '**/server'], message: 'Browser code never imports the BFF.' },
  { group: ['**/mocks/**', '**/mocks'], message: 'Browser code never imports the simulator (tests may).' },
];

export default tseslint.config(
  // ESLint does not read .gitignore: keep build outputs, reports and scratch files (.tmp) out here too.
  { ignores: ['dist', 'dist-*', '.tmp', 'node_modules', 'test-results', 'playwright-report', 'coverage', 'e2e/.auth'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  {
    // No import circle anywhere in the app, the BFF or the simulator. Runtime imports only: the rule
    // skips `import type` (erased at build), so src/testing/import-cycles.test.ts checks type edges too.
    files: ['src/**/*.{ts,tsx}', 'mocks/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  { files: ['src/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/**', 'src/**/*.test.{ts,tsx}', 'src/testing/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: browserCannotImport }] },
  },
  {
    files: ['src/schemas/**', 'src/lib/**', 'src/components/**'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...browserCannotImport,
            {
              group: ['@/features/**', '@/app/**'],
              message: 'Imports flow one way: schemas/lib/components -> features -> app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/features/**'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...browserCannotImport,
            { group: ['@/app/**'], message: 'Features never import the app layer.' },
            {
              group: ['@/features/**'],
              message: 'Features never import each other (use relative imports inside a feature).',
            },
            {
              group: ['../../*'],
              message: 'Leave a feature through the @/ alias (lib, components, schemas) only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**', 'mocks/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lib/**', '**/features/**', '**/components/**', '**/app/**'],
              message: 'The BFF and the simulator import only src/schemas.',
            },
          ],
        },
      ],
    },
  },
);
