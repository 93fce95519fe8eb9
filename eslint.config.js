// Flat config: TypeScript everywhere, React hooks on the web, and import boundaries. On the
// server a feature imports another only through its public entry (`../other/index.js`), and only
// one listed before it in features.ts; on the web a feature imports another only through its
// index.ts (`@/features/other`), and never app/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const dirs = (path) =>
  existsSync(path)
    ? readdirSync(path, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];

const serverShared = new Set([
  'http',
  'db',
  'jobs',
  'lib',
  'mail',
  'test',
  'demo',
  'identity',
  'events',
  'realtime',
  'llm',
]);
const serverFeatures = dirs('apps/server/src').filter((d) => !serverShared.has(d));
/**
 * Another server feature's folder as a feature's file names it: from the feature's folder or from
 * one of its subfolders, where a big feature groups its files (docs/architecture.md).
 */
const serverFeatureFiles = (other, file) => [`../${other}/${file}`, `../../${other}/${file}`];
/** Any file of another server feature but its public entry. */
const pastServerEntry = (other) => [
  ...serverFeatureFiles(other, '*'),
  ...serverFeatureFiles(other, 'index.js').map((path) => `!${path}`),
];
const webFeatures = dirs('apps/web/src/features');

/**
 * The server's features in the order of features.ts (their folders): a feature may import only
 * those before it, never a newer one, which reaches it through events (docs/architecture.md).
 */
const serverOrder = (() => {
  const text = readFileSync('apps/server/src/features.ts', 'utf8');
  const folderOf = new Map(
    [...text.matchAll(/import \{ (\w+) \} from '\.\/([\w-]+)\/index\.js'/g)].map(([, name, folder]) => [
      name,
      folder,
    ]),
  );
  const list = text.slice(text.indexOf('export const features'));
  return [...list.matchAll(/^\s+(\w+Feature),$/gm)].map(([, name]) => folderOf.get(name)).filter(Boolean);
})();

const boundaries = (features, base, pattern, message, extra = []) =>
  features.map((feature) => ({
    files: [`${base}/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...features
              .filter((other) => other !== feature)
              .map((other) => ({
                group: pattern(other),
                message: message(feature, other),
              })),
            ...extra,
          ],
        },
      ],
    },
  }));

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', '**/.data/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  ...boundaries(
    serverFeatures,
    'apps/server/src',
    pastServerEntry,
    (feature, other) =>
      `"${feature}" imports "${other}" only through ../${other}/index.js, its public entry.`,
  ),
  // Older features never import newer ones (tests, which build whole projects, may).
  ...serverOrder.map((feature, at) => ({
    files: [`apps/server/src/${feature}/**/*.ts`],
    ignores: ['**/*.test.ts', '**/*.fixtures.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: serverFeatures
            .filter((other) => other !== feature)
            .map((other) => {
              const newer = serverOrder.indexOf(other) > at;
              return newer
                ? {
                    group: serverFeatureFiles(other, '*'),
                    message: `"${feature}" comes before "${other}" in features.ts: it never imports a newer feature (use an event, or move the code down).`,
                  }
                : {
                    group: pastServerEntry(other),
                    message: `"${feature}" imports "${other}" only through ../${other}/index.js, its public entry.`,
                  };
            }),
        },
      ],
    },
  })),
  // The web points one way: app/ composes features; features, lib/ and ui/ never import app/,
  // and lib/ and ui/ never import a feature.
  {
    files: ['apps/web/src/{lib,ui}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/app/*', '**/app/*'],
              message: 'lib/ and ui/ never import app/: move the code down.',
            },
            {
              group: ['@/features/*', '**/features/*'],
              message: 'lib/ and ui/ never import a feature: move the code down.',
            },
          ],
        },
      ],
    },
  },
  ...boundaries(
    webFeatures,
    'apps/web/src/features',
    (other) => [`../../${other}/*`, `../${other}/*`, `@/features/${other}/*`],
    (feature, other) => `"${feature}" imports "${other}" only through its index.ts (@/features/${other}).`,
    [
      {
        group: ['@/app/*', '**/app/*'],
        message: 'Features never import app/, which composes them: move the code into lib/ or ui/.',
      },
    ],
  ),
  // A browser test takes `test` from e2e/test.ts, which points it at its worker's own server.
  {
    files: ['e2e/**/*.ts'],
    ignores: ['e2e/test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              message: "Import from './test': it points each worker at its own server.",
            },
          ],
        },
      ],
    },
  },
);
