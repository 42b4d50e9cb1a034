import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Two servers of the built app on fresh data dirs: one with the demo data, one empty.
const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-e2e-'));
// E2E_PORT moves both servers (port and port + 1) so that several runs can share a machine.
const basePort = Number(process.env.E2E_PORT ?? 8090);
export const DEMO_URL = `http://localhost:${basePort}`;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

const server = (port: number, demo: boolean) => ({
  command: 'node_modules/.bin/tsx src/server/main.ts',
  url: `http://localhost:${port}/api/health`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(runDir, demo ? 'demo' : 'empty'),
    DATABASE_URL: '',
    DISCORD_CLIENT_ID: '',
    DEMO_DATA: demo ? '1' : '0',
    LOG_LEVEL: 'warn',
    ...(process.env.WEB_DIR ? { WEB_DIR: process.env.WEB_DIR } : {}),
  },
});

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PW_REPORTER ? [[process.env.PW_REPORTER]] : [['list']],
  use: { baseURL: DEMO_URL, launchOptions: chromium, trace: 'retain-on-failure' },
  projects: [
    { name: 'desktop', grepInvert: /@mobile/, use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium } },
    { name: 'mobile', grepInvert: /@desktop/, use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions: chromium } },
  ],
  webServer: [server(basePort, true), server(basePort + 1, false)],
});
