// Types of eslint-feature-boundaries.js (plain JavaScript: eslint.config.js loads it without a compiler).
import type { ESLint } from 'eslint';
export const featureBoundaries: ESLint.Plugin;
