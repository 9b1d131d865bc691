// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layering of ARCHITECTURE.md §1, enforced by one rule (`no-restricted-imports`):
 * each folder lists the layers it must not reach into, by alias or by relative path.
 */
const layer = (files, forbidden, packages = []) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...forbidden.map((folder) => ({
            group: [
              `@/${folder}/*`,
              `**/src/${folder}/*`,
              `../${folder}/*`,
              `../../${folder}/*`,
              `../../../${folder}/*`,
            ],
            message: `This layer may not import from src/${folder} (ARCHITECTURE.md §1).`,
          })),
          ...packages.map((name) => ({
            group: [name, `${name}/*`],
            message: `This layer may not import ${name} (ARCHITECTURE.md §1).`,
          })),
        ],
      },
    ],
  },
});

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'playwright-report', 'test-results', 'stately'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/**/*.tsx', 'src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Issue 7: `?inspect` must see every actor, so each one is created with withInspection(...) options.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    ignores: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.name=/^(useActorRef|useMachine|createActor)$/]:not([arguments.1.callee.name="withInspection"])',
          message:
            'Create actors with withInspection(...) options (src/machines/inspector.ts) so ?inspect sees them.',
        },
        {
          selector:
            'JSXOpeningElement[name.property.name="Provider"][name.object.name=/ActorContext$/]:not(:has(JSXAttribute[name.name="options"]))',
          message:
            'Give actor contexts options={withInspection()} (src/machines/inspector.ts) so ?inspect sees them.',
        },
      ],
    },
  },
  layer(['src/machines/**'], ['features', 'routes', 'ui'], ['react', 'react-dom', '@xstate/react']),
  layer(['src/api/**'], ['machines', 'features', 'routes', 'ui']),
  layer(['src/ui/**'], ['features', 'routes', 'machines', 'api']),
  layer(['src/features/**'], ['routes']),
  layer(['server/**'], ['machines', 'features', 'routes', 'ui']),
);
