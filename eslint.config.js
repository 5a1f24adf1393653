import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';

/**
 * Lint enforces the architecture: domain ← sync ← src, domain ← server, and nothing
 * imports the other way (docs/decisions/001-architecture.md).
 */
const zone = (target, from, message, except) => ({ target, from, message, ...(except && { except }) });

/**
 * Inside the app, imports point one way: app (shell, routes table, start-up) → features → ui (the
 * kit screens build with) → lib. A feature never imports another: what two share moves to ui/ or domain/.
 */
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const appZones = [
  zone('./src/ui', './src/app', 'ui/ is the kit: it never imports the shell.'),
  zone('./src/ui', './src/features', 'ui/ is the kit: it never imports a feature.'),
  zone('./src/features', './src/app', 'A feature builds with ui/, never with the shell (src/app/).'),
  zone('./src/lib', './src/app', 'lib/ is below everything in the app.'),
  zone('./src/lib', './src/features', 'lib/ is below everything in the app.'),
  zone('./src/lib', './src/ui', 'lib/ is below everything in the app.'),
  zone('./src/sync', './src/app', "The app's sync bindings never import the shell."),
  zone('./src/sync', './src/features', "The app's sync bindings never import a feature."),
  zone('./src/sync', './src/ui', "The app's sync bindings sit below the kit: what they draw lives in ui/sync/."),
  ...features.map((feature) =>
    zone(
      `./src/features/${feature}`,
      './src/features',
      'A feature never imports another feature: move what they share to ui/ or domain/.',
      [`./${feature}`],
    ),
  ),
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'build/**',
      'node_modules/**',
      'data/**',
      '.tmp/**',
      'test-results/**',
      'playwright-report/**',
      'server/db/migrations/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { typescript: true, node: true } },
    rules: {
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            zone('./domain', './sync', 'domain/ is pure: it imports nothing of ours.'),
            zone('./domain', './src', 'domain/ is pure: it imports nothing of ours.'),
            zone('./domain', './server', 'domain/ is pure: it imports nothing of ours.'),
            zone('./sync', './src', 'sync/ is framework-free: it never imports the app.'),
            zone('./sync', './server', 'sync/ talks to the server over HTTP only.'),
            zone('./server', './src', 'server/ never imports the app.'),
            zone('./server', './sync', 'server/ never imports the sync engine.'),
            zone('./src', './server', 'The app talks to the server over HTTP only.'),
            ...appZones,
            // Repositories, plugins, the e-mail queue and the rest of server/ sit below the routes: only the
            // app that registers them and the indexes built from their declarations import server/routes.
            zone(
              ['./server/!(routes)/**/!(*.test).ts', './server/!(app|route-access|openapi|*.test).ts'],
              './server/routes',
              'Only server/app.ts, the route indexes (route-access.ts, openapi.ts) and tests import server/routes/.',
            ),
          ],
        },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'crypto', 'http'], message: 'domain/ has no Node APIs.' },
            {
              group: ['react', 'react-dom', '@ionic/*', 'dexie', 'fastify', 'drizzle-orm', 'drizzle-orm/*'],
              message: 'domain/ is pure TypeScript.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
