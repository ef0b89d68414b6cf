import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import rules (docs/architecture.md): imports flow one way, features never import each other,
// browser code never imports the BFF or the simulator, and those two import only src/schemas.
const browserCannotImport = [
  { group: ['**/server/**', '**/src/server', '**/server'], message: 'Browser code never imports the BFF.' },
  { group: ['**/mocks/**', '**/mocks'], message: 'Browser code never imports the simulator (tests may).' },
];

export default tseslint.config(
  // ESLint does not read .gitignore: keep build outputs, reports and scratch files (.tmp) out here too.
  {
    ignores: [
      'dist',
      'dist-*',
      '.tmp',
      'node_modules',
      'test-results',
      'playwright-report',
      'coverage',
      'e2e/.auth',
    ],
  },
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
  { files: ['src/**/*.{ts,tsx}'], ...reactHooks.configs.flat.recommended },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/**', 'src/**/*.test.{ts,tsx}', 'src/testing/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: browserCannotImport }] },
  },
  {
    // zod's classic build costs every screen ~15-27 kB gzip; browser code (the shared schemas included)
    // uses zod/mini. Type-only imports cost nothing.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/**', 'src/**/*.test.{ts,tsx}', 'src/testing/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[importKind!='type'][source.value=/^zod(\\u002Fv4(\\u002Fclassic)?)?$/]",
          message: "Browser code imports zod from 'zod/mini' (classic zod is ~15-27 kB gzip per screen).",
        },
      ],
    },
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
