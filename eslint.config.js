import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/driver/android/**',
      'apps/driver/ios/**',
      'apps/driver/dev-dist/**',
      'eslint.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts', 'apps/driver/scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })] },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
  {
    files: ['packages/domain/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['@evc/*', 'react', 'fastify', 'pg', '@electric-sql/*'] }],
    },
  },
  {
    files: ['apps/driver/src/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/driver/src/features/auth', from: './apps/driver/src/features', except: ['./auth'] },
            { target: './apps/driver/src/ui', from: ['./apps/driver/src/features', './apps/driver/src/app'] },
            { target: './apps/driver/src/lib', from: ['./apps/driver/src/features', './apps/driver/src/app'] },
            { target: './apps/driver/src/features', from: './apps/driver/src/app' },
          ],
        },
      ],
    },
  },
);
