import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { featureBoundaries } from './scripts/eslint-feature-boundaries.js';

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/web/**/*.tsx', 'src/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // a multipart body is read only by readMultipartForm, which checks every part for storable text and identity claims
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/features/images/multipart-form.ts'],
    rules: {
      'no-restricted-properties': ['error', ...['req', 'request'].flatMap((object) => ['parts', 'file', 'files', 'saveRequestFiles'].map((property) => ({
        object, property, message: 'Read multipart bodies with readMultipartForm (multipart-form.ts): it checks every part.',
      })))],
    },
  },
  {
    // Database code only in *-repository.ts and src/server/db/ (issue 40 §3, decision 041): elsewhere no query
    // builder (sql, eq, and, ...: a value import of drizzle-orm) and no table (db/schema, and rawRows that runs
    // SQL). A type of drizzle-orm builds no query (SQL names what realtime's notice carries): allowed. The
    // schema's row types come through the feature's repository. Tests and their kits may query the database
    // directly (they check what is stored). realtime/fanout.ts is the live channel's transport: NOTIFY and
    // LISTEN on its channel, no table. src/server/db/repository-boundary.test.ts proves the rule; another
    // no-restricted-imports block on src/server files placed after this one would replace it, and that test fails.
    files: ['src/server/**/*.ts'],
    ignores: [
      'src/server/**/*-repository.ts', 'src/server/db/**', 'src/server/realtime/fanout.ts',
      'src/server/**/*.test.ts', 'src/server/**/*-test-kit.ts', 'src/server/test/**',
      // TEMPORARY until the tournaments split lands: their queries move to the tournaments repositories
      'src/server/features/tournaments/banlist-change.ts', 'src/server/features/tournaments/rated-routes.ts',
      'src/server/features/tournaments/tournament-helpers.ts', // passes today (its drizzle-orm import is a type)
    ],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['drizzle-orm', 'drizzle-orm/*'], allowTypeImports: true, message: 'Queries live in the feature\'s *-repository.ts: call a verb of it.' },
          {
            group: ['**/db/schema', '**/db/schema.ts', '**/db/raw-rows', '**/db/raw-rows.ts'],
            message: 'Tables are read and written in the feature\'s *-repository.ts: call a verb of it (row types come from it too).',
          },
        ],
      }],
    },
  },
  {
    // a feature imports another only through the modules its public.json lists (decision 040)
    files: ['src/web/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*-test-kit.ts'],
    plugins: { boundaries: featureBoundaries },
    rules: { 'boundaries/public-modules': 'error' },
  },
  {
    // the domain is shared by server and browser: no Node, no DOM
    files: ['src/domain/**/*.ts'],
    ignores: ['src/domain/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['node:*', 'fastify*', 'react*', 'drizzle-orm*'] }] },
  },
);
