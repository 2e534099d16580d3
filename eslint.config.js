import js from '@eslint/js';
import tseslint from 'typescript-eslint';
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
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
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
      'no-restricted-imports': [
        'error',
        { patterns: ['@evc/*', 'react', 'fastify', 'pg', '@electric-sql/*'] },
      ],
    },
  },
  {
    files: ['apps/driver/src/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Layering (ARCHITECTURE.md): ui and lib never reach into the shell or the features.
      'no-restricted-imports': ['error', { patterns: ['**/app/*', '**/features/*'] }],
    },
  },
  {
    // Features may use lib, ui and each other's exports; the shell composes them.
    files: ['apps/driver/src/features/**', 'apps/driver/src/app/**', 'apps/driver/src/main.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
