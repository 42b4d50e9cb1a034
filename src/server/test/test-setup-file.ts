// Runs in each worker before a test file: the global setup's databases, where test-databases.ts looks.
import { inject } from 'vitest';

Object.assign(process.env, inject('testDatabases'));
