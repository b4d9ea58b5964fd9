// One flat config for the whole workspace; generated code and build output are not ours to lint.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';

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
