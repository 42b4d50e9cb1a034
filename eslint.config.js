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
