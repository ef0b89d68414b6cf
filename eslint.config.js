import { readdirSync } from 'node:fs';
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

// The BFF's folders in layers, lowest first (docs/architecture.md): a folder imports only folders of the
// layers below its own, so no two folders import each other and the BFF reads from the bottom up. The
// files at src/server's top (app.ts, runtime.ts, the start scripts) compose them; no folder imports those
// but testing/ and bench/, which run the app.
const SERVER_LAYERS = [
  ['config'],
  ['log', 'db'],
  ['redis', 'users'],
  ['http', 'sessions'],
  ['auth', 'store-api'],
  // The part interface (install with its context): every part's folder above it implements it.
  ['part'],
  ['live', 'proxy', 'saved-replies', 'team'],
  ['history', 'inbox', 'kept-copies'],
  ['notes', 'reports', 'snooze', 'tags', 'assignment', 'cli'],
  ['feed'],
  ['integrations'],
  ['composition'],
  ['testing'],
  ['bench'],
];
// A new part's folder needs no entry: a folder not named above sits with the parts that keep the team's
// records (notes, tags, snoozes), which is where a new tool for the inbox belongs.
const PARTS_LAYER = SERVER_LAYERS.findIndex((layer) => layer.includes('tags'));
for (const entry of readdirSync(new URL('./src/server', import.meta.url), { withFileTypes: true }))
  if (entry.isDirectory() && !SERVER_LAYERS.flat().includes(entry.name))
    SERVER_LAYERS[PARTS_LAYER].push(entry.name);
const serverCannotImport = [
  {
    group: ['**/lib/**', '**/features/**', '**/components/**', '**/app/**'],
    message: 'The BFF and the simulator import only src/schemas.',
  },
];
/** The patterns a folder of src/server may not import: the folders of its layer and above, and the top. */
function serverFolderPatterns(folder, level) {
  const above = SERVER_LAYERS.slice(level)
    .flat()
    .filter((other) => other !== folder);
  const patterns = [...serverCannotImport];
  if (above.length > 0)
    patterns.push({
      group: above.map((other) => `../${other}/*`),
      message: `src/server/${folder}/ imports only the folders of the layers below its own (SERVER_LAYERS).`,
    });
  if (folder !== 'testing' && folder !== 'bench')
    patterns.push({
      group: ['../*.ts'],
      message: 'Only the top of src/server composes the app: its folders never import it.',
    });
  return patterns;
}
const serverFolderRules = SERVER_LAYERS.flatMap((layer, level) =>
  layer.map((folder) => ({
    files: [`src/server/${folder}/**`],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: serverFolderPatterns(folder, level) }] },
  })),
);

// The route recipe (src/server/http/route.ts) is the one way a part declares a route: the session it
// requires, its role and the schemas of its path parameters, query and body. A route module never reads
// them itself nor checks a role (docs/architecture.md, "Routes").
const RECIPE = 'declare it in the route recipe (bffRouter, src/server/http/route.ts)';
const BY_HAND = '/^(readJsonBody|readJsonBodyAs|requireSession|limitBody|pathId)$/';
const routeModuleRules = {
  files: ['src/server/**/*-routes.ts'],
  rules: {
    'no-restricted-syntax': [
      'error',
      {
        selector: "MemberExpression[object.property.name='req'][property.name=/^(query|queries|param)$/]",
        message: `A route module does not read its path parameters or query string: ${RECIPE}.`,
      },
      {
        selector:
          "BinaryExpression[operator=/^[!=]==?$/]:matches([left.property.name='role'][right.value='owner'], [right.property.name='role'][left.value='owner'])",
        message: `A route module does not check a role: ${RECIPE} with ownersOnly.`,
      },
      {
        selector: `ImportSpecifier[imported.name=${BY_HAND}], CallExpression[callee.name=${BY_HAND}]`,
        message: `A route module does not read its body, session or path ids by hand: ${RECIPE}.`,
      },
      {
        selector:
          "ImportDeclaration[importKind='value'][source.value='hono'] > ImportSpecifier[importKind='value'][imported.name='Hono'], NewExpression[callee.name='Hono']",
        message: `A route module builds its routes with bffRouter: ${RECIPE}.`,
      },
    ],
  },
};

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
    rules: { 'no-restricted-imports': ['error', { patterns: serverCannotImport }] },
  },
  ...serverFolderRules,
  routeModuleRules,
);
