import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Each project (desktop 1280 px, mobile 390 px) gets two servers of the built app on fresh data
// dirs, one with the demo data and one empty, so the two projects run side by side without
// seeing each other's writes; within a project the specs run one after another.
const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fh-e2e-'));
// E2E_PORT moves every server (ports E2E_PORT .. E2E_PORT + 3) so that several runs can share a machine.
const basePort = Number(process.env.E2E_PORT ?? 8090);
const PROJECT_PORTS = { desktop: basePort, mobile: basePort + 2 };

// Debian's headless shell (package chromium-headless-shell, the build Playwright itself runs headless) when
// installed: about twice as fast per page as the full browser, which also runs a GPU process and its UI.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium'),
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

// One build for every server and worker: the web app and the compiled server, as `npm start` runs them
// (workers load this file again; the variable tells them the build is done).
if (!process.env.FH_E2E_BUILT) {
  execFileSync('node', ['scripts/ensure-build.mjs', '--server'], { stdio: 'inherit' });
  process.env.FH_E2E_BUILT = '1';
}

/** The Discord webhook sink of a project's two servers (ports p and p + 1): p + 5, where e2e/tournaments-event-discord.spec.ts listens. */
const webhookSinkPort = (port: number) => port - (port - basePort) % 2 + 5;

const server = (port: number, demo: boolean, name: string) => ({
  command: 'node --enable-source-maps dist/server/main.mjs',
  url: `http://localhost:${port}/api/health`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: path.join(runDir, `${name}-${demo ? 'demo' : 'empty'}`),
    DATABASE_URL: '',
    DISCORD_CLIENT_ID: '',
    DEMO_DATA: demo ? '1' : '0',
    LOG_LEVEL: 'warn',
    // the specs sign in through the demo provider dozens of times a minute, far above a person's rate
    RATE_LIMIT_SCALE: '20',
    // events' Discord webhooks go to a sink the spec listens on (e2e/tournaments-event-discord.spec.ts): the project's port + 5
    DISCORD_WEBHOOK_RELAY_URL: `http://127.0.0.1:${webhookSinkPort(port)}`,
    ...(process.env.WEB_DIR ? { WEB_DIR: process.env.WEB_DIR } : {}),
  },
});

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  // one worker per project (each has its own servers): desktop and mobile in parallel
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PW_REPORTER ? [[process.env.PW_REPORTER]] : [['list']],
  use: { launchOptions: chromium, trace: 'retain-on-failure' },
  projects: [
    {
      name: 'desktop', grepInvert: /@mobile/, workers: 1,
      use: { ...devices['Desktop Chrome'], baseURL: `http://localhost:${PROJECT_PORTS.desktop}`, viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      name: 'mobile', grepInvert: /@desktop/, workers: 1,
      use: { ...devices['Pixel 7'], baseURL: `http://localhost:${PROJECT_PORTS.mobile}`, viewport: { width: 390, height: 844 }, launchOptions: chromium },
    },
  ],
  webServer: Object.entries(PROJECT_PORTS).flatMap(([name, port]) => [server(port, true, name), server(port + 1, false, name)]),
});
