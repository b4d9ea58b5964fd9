// One flat config for the whole workspace; generated code and build output are not ours to lint.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import { fileURLToPath } from 'node:url';

/**
 * server/'s layers, as server/README.md's table "Folders: what each owns and may import" has them:
 * each kind of folder and the kinds it may import (its own files always). Bottom to top: config,
 * errors; db; mail, security; modules/shared; modules/users; auth; the faces' glue (trpc/, http/,
 * which import no module); modules/recipes/search; modules/recipes/data; the feature modules; the composition root
 * (src/*.ts, seed/, cli/, contract/). A feature module may import another only where FEATURE_IMPORTS says so, so features
 * depend on each other in one direction; its REST face (`<m>.rest.ts`) may import http/, its tRPC
 * face (`<m>.trpc.ts`) trpc/trpc.ts and trpc/access-procedure.ts. tests/lint/server-boundaries.test.ts
 * proves that a back-import fails.
 */
const SERVER_FOLDERS = {
  config: [],
  errors: [],
  db: ['config', 'errors'],
  mail: ['config', 'errors', 'db'],
  security: ['config', 'errors'],
  workers: [],
  shared: ['config', 'errors', 'db', 'mail', 'security', 'workers'],
  users: [],
  auth: ['config', 'errors', 'db', 'shared', 'users'],
  'recipe-search': ['config', 'errors', 'db', 'shared', 'users', 'auth'],
  'recipe-data': ['config', 'errors', 'db', 'shared', 'users', 'auth', 'recipe-search'],
  module: [
    'config',
    'errors',
    'db',
    'mail',
    'security',
    'workers',
    'shared',
    'users',
    'auth',
    'recipe-search',
    'recipe-data',
  ],
  trpc: ['config', 'errors', 'db', 'shared', 'auth'],
  http: ['config', 'errors', 'db', 'auth'],
};
const FEATURE_IMPORTS = {
  recipes: ['accounts', 'recipe-photos', 'audit'],
  accounts: ['audit'],
  'recipe-pages': ['categories', 'recipes'],
  // The moderation acts on comments and reviews and records each action in the audit log; a
  // report may hide its item at once (auto-hide).
  moderation: ['comments', 'reviews', 'audit'],
  reports: ['moderation'],
};
// Folders, matched from the repository root; a file directly in server/src (or in a folder not
// listed) belongs to the composition root.
const SERVER_ELEMENTS = [
  { type: 'recipe-data', pattern: 'server/src/modules/recipes/data' },
  { type: 'recipe-search', pattern: 'server/src/modules/recipes/search' },
  { type: 'shared', pattern: 'server/src/modules/shared' },
  { type: 'users', pattern: 'server/src/modules/users' },
  { type: 'module', pattern: 'server/src/modules/*', capture: ['module'] },
  ...['auth', 'config', 'db', 'errors', 'http', 'mail', 'security', 'trpc', 'workers'].map(
    (type) => ({
      type,
      pattern: `server/src/${type}`,
    }),
  ),
  { type: 'composition', pattern: 'server/src' },
].map((element) => ({ ...element, partialMatch: false }));
// Whatever no policy allows is refused (imports within one folder are not checked).
const SERVER_POLICIES = [
  ...Object.entries(SERVER_FOLDERS).map(([type, allowed]) => ({
    from: { element: { type } },
    allow: { to: { element: { types: { anyOf: allowed } } } },
  })),
  { from: { element: { type: 'composition' } }, allow: { to: { element: { type: '*' } } } },
  ...Object.entries(FEATURE_IMPORTS).map(([module, features]) => ({
    from: { element: { type: 'module', captured: { module } } },
    // A brace pattern of one name matches nothing: a lone name is given as itself.
    allow: {
      to: {
        element: {
          type: 'module',
          captured: { module: features.length === 1 ? features[0] : `{${features.join(',')}}` },
        },
      },
    },
  })),
  {
    from: { element: { type: 'module', fileInternalPath: '*.rest.ts' } },
    allow: { to: { element: { type: 'http' } } },
  },
  {
    from: { element: { type: 'module', fileInternalPath: '*.trpc.ts' } },
    allow: { to: { element: { type: 'trpc', fileInternalPath: '{trpc,access-procedure}.ts' } } },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'storybook-static/**',
      'openapi/generated/**',
      'server/src/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'ui/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Small files that own one thing (issue 13): the server's and the bench's source. Migrations
    // are generated, the demo seed is data (and its loader); tests are tables and stay out of it.
    files: ['server/src/**/*.ts', 'bench/**/*.ts'],
    ignores: ['server/src/seed/demo-recipes.ts', 'server/src/seed/demo-seeder.ts'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // web/'s rooms (web/README.md): a feature imports shared folders (lib/, components/) and
    // its own files, never another feature or app/; shared folders import no feature or app/.
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': [
        { type: 'app', pattern: 'web/src/app' },
        { type: 'feature', pattern: 'web/src/features/*', capture: ['feature'] },
        { type: 'shared', pattern: 'web/src/(lib|components)' },
      ],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'feature' } },
              disallow: {
                to: {
                  element: {
                    type: 'feature',
                    captured: { feature: '!{{ from.element.captured.feature }}' },
                  },
                },
              },
            },
            {
              from: { element: { type: 'feature' } },
              disallow: { to: { element: { type: 'app' } } },
            },
            {
              from: { element: { type: 'shared' } },
              disallow: { to: { element: { types: { anyOf: ['feature', 'app'] } } } },
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/src/**/*.ts'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': SERVER_ELEMENTS,
      // Relative imports name `.ts` files by their `.js` output; this resolver maps them back.
      'import/resolver': {
        [fileURLToPath(new URL('./scripts/eslint-ts-resolver.cjs', import.meta.url))]: {},
      },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'disallow', policies: SERVER_POLICIES }],
    },
  },
  {
    // CommonJS (the ESLint resolver above, which eslint-module-utils loads with require()).
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Small files that own one thing (issue 13).
    files: ['web/src/**/*.{ts,tsx}', 'ui/src/**/*.{ts,tsx}'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    // ui's markup is ui's (issue 15): web uses its components, never its `rh-*` classes (the
    // design tokens, `var(--rh-*)` in CSS, are public).
    files: ['web/src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "JSXAttribute[name.name='className'] :matches(Literal[value=/(^|\\s)rh-/], TemplateElement[value.raw=/(^|\\s)rh-/])",
          message: 'rh-* classes belong to @recipehub/ui: use its component (or add a prop there).',
        },
      ],
    },
  },
  {
    // Functions of at most 80 lines by ESLint's count (JSX, blank lines and comments included),
    // as on the server.
    files: ['web/src/**/*.{ts,tsx}', 'ui/src/**/*.{ts,tsx}'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: false, skipComments: false }],
    },
  },
  prettier,
);
