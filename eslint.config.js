// Flat config: TypeScript everywhere, React hooks on the web, and import boundaries. On the
// server a feature imports another only through its public entry (`../other/index.js`); on the
// web features do not import each other at all (shared code moves down into lib/, ui/ or the
// contract).
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const dirs = (path) =>
  existsSync(path)
    ? readdirSync(path, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
    : [];

const serverShared = new Set(['http', 'db', 'jobs', 'lib', 'mail', 'test', 'demo', 'identity', 'events', 'realtime', 'llm']);
const serverFeatures = dirs('apps/server/src').filter((d) => !serverShared.has(d));
const webFeatures = dirs('apps/web/src/features');

const boundaries = (features, base, pattern, message) =>
  features.map((feature) => ({
    files: [`${base}/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: features
            .filter((other) => other !== feature)
            .map((other) => ({
              group: pattern(other),
              message: message(feature, other),
            })),
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
    (other) => [`../${other}/*`, `!../${other}/index.js`],
    (feature, other) => `"${feature}" imports "${other}" only through ../${other}/index.js, its public entry.`,
  ),
  ...boundaries(
    webFeatures,
    'apps/web/src/features',
    (other) => [`../../${other}/*`, `../${other}/*`, `@/features/${other}/*`],
    (feature, other) => `Features do not import each other: move what "${feature}" needs from "${other}" into a shared folder.`,
  ),
);
