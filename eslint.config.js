import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

// Server modules, from the top layer down: a module imports only modules of lower layers
// (ARCHITECTURE.md, docs/decisions/0019-one-way-modules.md). A module folder missing here fails
// the lint run, so every new module is given its place on purpose.
const serverModuleLayers = [
  // The support console (issue 18) acts on drivers' sessions, payments and accounts.
  ['support'],
  ['ocpp'],
  ['history', 'groups', 'rfid'],
  ['sessions'],
  ['home'],
  ['chargers'],
  ['payments'],
  // Below payments and sessions: what a guest owns, they read and write through it (ADR 0021).
  ['guests'],
  ['charge-point'],
  ['auth'],
  ['users'],
  ['mail', 'reference', 'brands'],
];

function foldersOf(path) {
  return readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

function serverModuleZones() {
  const ranked = serverModuleLayers.flat();
  const unranked = foldersOf('./apps/server/src/modules/').filter((name) => !ranked.includes(name));
  if (unranked.length > 0) {
    throw new Error(`eslint.config.js: give ${unranked.join(', ')} a layer in serverModuleLayers`);
  }
  return serverModuleLayers
    .flatMap((layer, rank) =>
      layer.map((module) => ({
        target: `./apps/server/src/modules/${module}`,
        from: serverModuleLayers
          .slice(0, rank + 1)
          .flat()
          .filter((other) => other !== module)
          .map((other) => `./apps/server/src/modules/${other}`),
        message: `${module} sits below these modules; pass what it needs in as a dependency or move it down.`,
      })),
    )
    .filter((zone) => zone.from.length > 0);
}

function appFeatureZones() {
  return foldersOf('./apps/driver/src/features/').map((feature) => ({
    target: `./apps/driver/src/features/${feature}`,
    from: './apps/driver/src/features',
    except: [`./${feature}`],
    message:
      'Features do not import each other: move what two need to ui/, lib/ or packages/domain.',
  }));
}

/**
 * Issue 14: components only later pages render come from `apps/driver/src/ui/ionic/`, one file
 * each, so that their code is not in the chunk every page waits for.
 */
const ionicOneByOne = {
  name: '@ionic/react',
  importNames: [
    'IonSelect',
    'IonSelectOption',
    'IonSegment',
    'IonSegmentButton',
    'IonToggle',
    'IonSearchbar',
  ],
  message: 'Import it from apps/driver/src/ui/ionic/ (see its README).',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/driver/android/**',
      'apps/driver/ios/**',
      'apps/driver/dev-dist/**',
      'apps/console/dist/**',
      'eslint.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['vitest.config.ts', 'apps/driver/scripts/*.mjs'],
        },
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
    files: [
      'apps/server/src/**/*.ts',
      'apps/driver/src/**/*.{ts,tsx}',
      'apps/console/src/**/*.{ts,tsx}',
    ],
    plugins: { 'import-x': importX },
    settings: { 'import-x/extensions': ['.ts', '.tsx', '.js'] },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...serverModuleZones(), ...appFeatureZones()] },
      ],
    },
  },
  {
    // Issue 13: a server module's file stays short, so each change has one obvious room to go in.
    files: ['apps/server/src/modules/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 450 }] },
  },
  {
    // A test composes whatever it exercises; nothing imports a test back.
    files: ['**/*.test.{ts,tsx}', '**/test-support.{ts,tsx}', 'apps/server/src/test/**'],
    rules: { 'import-x/no-restricted-paths': 'off' },
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
      'no-restricted-imports': [
        'error',
        { paths: [ionicOneByOne], patterns: ['**/app/*', '**/features/*'] },
      ],
    },
  },
  {
    // The support console (issue 18, ADR 0023): a React app of its own that shares the
    // packages, never the driver app's or the server's code.
    files: ['apps/console/src/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/apps/*',
                '**/driver/src/**',
                '**/server/src/**',
                '@evc/driver',
                '@evc/server',
              ],
              message: 'The console shares packages/* only.',
            },
          ],
        },
      ],
    },
  },
  {
    // The shell composes features; features reach lib and ui (and never each other, above).
    files: ['apps/driver/src/features/**', 'apps/driver/src/app/**', 'apps/driver/src/main.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: [ionicOneByOne] }] },
  },
);
