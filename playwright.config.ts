import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

// Every worker starts its own servers of the built app (e2e/servers.ts; the empty one on first use) from data dirs the global
// setup seeded once, so the workers run side by side without seeing each other's writes; within a
// worker the specs run one after another. E2E_PORT moves every port (worker i uses E2E_PORT + 10 i ..
// + 10 i + 5, the global setup E2E_PORT + 98 and + 99) so that several runs can share a machine.
process.env.FH_E2E_RUN_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'fh-e2e-'));

// Debian's headless shell (package chromium-headless-shell, the build Playwright itself runs headless) when
// installed: about twice as fast per page as the full browser, which also runs a GPU process and its UI.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium'),
  args: [
    '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync',
    // no work a test does not need (decision 025): the GPU thread in the browser's own process (there is no
    // GPU), no process per site between localhost pages, no smooth scrolling, no paint holding; 10 % of its CPU
    '--in-process-gpu', '--disable-site-isolation-trials', '--disable-features=site-per-process,IsolateOrigins,PaintHolding', '--disable-smooth-scrolling',
  ],
};

// One build for every server and worker: the web app and the compiled server, as `npm start` runs them
// (workers load this file again; the variable tells them the build is done).
if (!process.env.FH_E2E_BUILT) {
  execFileSync('node', ['scripts/ensure-build.mjs', '--server'], { stdio: 'inherit' });
  process.env.FH_E2E_BUILT = '1';
}

// What runs at which width (decision 025). At 1280 px: every spec but those tagged @mobile. At 390 px:
// only the specs whose point is the layout at that width, tagged @mobile (390 only) or @both-widths;
// behaviour proven at 1280 is not played again. E2E_ALL_WIDTHS=1 plays everything at both widths
// (what the screenshots of docs/screenshots need).
const allWidths = process.env.E2E_ALL_WIDTHS === '1' || process.env.SCREENSHOTS === '1';

export default defineConfig({
  testDir: './e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  // the whole run is CPU-bound on CI's two cores: one worker each (E2E_WORKERS to change it)
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // no retries: a test that passes only on a second try is a defect to fix, not to hide
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PW_REPORTER ? [[process.env.PW_REPORTER]] : [['list']],
  // A trace records every action's DOM (and the screen): 40 % of the run's CPU even where it is thrown
  // away. A failure keeps its screenshot; E2E_TRACE=1 records traces to look into one (decision 025).
  use: {
    launchOptions: chromium,
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'desktop', grepInvert: /@mobile/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      name: 'mobile', ...(allWidths ? { grepInvert: /@desktop/ } : { grep: /@mobile|@both-widths/ }),
      // a phone's layout, touch and user agent; drawn at one device pixel per CSS pixel (the Pixel 7's
      // 2.625 draws 7 times the pixels for the same layout) but where the pictures are the point
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, ...(process.env.SCREENSHOTS ? {} : { deviceScaleFactor: 1 }), launchOptions: chromium },
    },
  ],
});
