import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { seededDir } from './global-setup.ts';
import { copyDataDir, startServer, workerPorts, type RunningServer } from './servers.ts';

/** This worker's servers (e2e/servers.ts): the demo server is the tests' baseURL. */
interface WorkerServers {
  demo: string;
  /** the empty server's URL, started on first use: four tests need it, most workers never do */
  empty: () => Promise<string>;
  /** where this worker's servers send the events' Discord webhooks */
  webhookSinkPort: number;
}

let servers: WorkerServers | undefined;
const running = (): WorkerServers => {
  if (!servers) throw new Error('The servers start with the first test: call demoUrl() in a test or a hook');
  return servers;
};
export const demoUrl = (): string => running().demo;
/** This worker's server on an empty database, to await: `${await emptyUrl()}/…` (started by the first call, a few seconds of that test). */
export const emptyUrl = (): Promise<string> => running().empty();
export const webhookSinkPort = (): number => running().webhookSinkPort;

/** Demo users seeded on the demo server (src/server/db/seed.ts). */
export const ADA = { id: '100000000000000001', name: 'Ada', auth: 2 };
export const LINUS = { id: '100000000000000003', name: 'Linus', auth: 1 };
export const JOEY = { id: '100000000000000004', name: 'Joey', auth: 0 };

export const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1280) <= 768;

/** Opens the mobile menu when the viewport needs it, so nav controls are reachable. */
export async function openMenuIfMobile(page: Page) {
  if (!isMobile(page)) return;
  const toggle = page.getByRole('button', { name: /menu/i });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/** Chooses a user on the demo identity provider's page and waits for the way back to `returnTo`. */
export async function approveOnDemoProvider(page: Page, user: { name: string }, returnTo: string | RegExp) {
  await expect(page.getByRole('heading', { name: 'Demo sign-in' })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^Sign in as ${user.name}\\b`) }).click();
  await page.waitForURL(returnTo);
}

/**
 * Signs the browser in through the demo identity provider's own endpoints, with the page's request
 * context (it shares the browser's cookies), as the provider page's button does: no page is loaded.
 * The clicks themselves are sign-in.spec.ts's to prove.
 */
export async function signInByApi(page: Page, user: { id: string; name: string }, baseURL = demoUrl()) {
  const r = page.request;
  const login = await r.get(`${baseURL}/api/oauth/login`, { maxRedirects: 0 });
  const authorize = new URL(login.headers().location!, baseURL);
  authorize.searchParams.set('login', user.id);
  authorize.searchParams.set('name', user.name);
  const approved = await r.get(authorize.toString(), { maxRedirects: 0 });
  const back = new URL(approved.headers().location!, baseURL);
  const done = await r.post(`${baseURL}/api/oauth/handle-callback`, {
    headers: { origin: baseURL },
    data: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
  });
  expect(done.status(), await done.text()).toBe(200);
}

/** Signs in through the UI and the demo identity provider page, as a person would (sign-in.spec.ts). */
export async function signInThroughProvider(page: Page, user: { name: string }, baseURL = demoUrl()) {
  await page.goto(`${baseURL}/`);
  await openMenuIfMobile(page);
  await page.getByRole('button', { name: 'Login with Discord' }).click();
  await approveOnDemoProvider(page, user, `${baseURL}/`);
  await openMenuIfMobile(page);
  await expect(page.getByTestId('user-name').first()).toHaveText(user.name);
}

/** Signs in (signInByApi): the next page the test opens is signed in. */
export const signInAs = signInByApi;

/** Signs in (signInByApi) and opens the home page, where the user's name shows. */
export async function signInAtHome(page: Page, user: { id: string; name: string }, baseURL = demoUrl()) {
  await signInByApi(page, user, baseURL);
  await page.goto(`${baseURL}/`);
  await openMenuIfMobile(page);
  await expect(page.getByTestId('user-name').first()).toHaveText(user.name);
}

/**
 * The rules whose violations axe rates minor or moderate, less heading-order (which the checks here
 * require): no check here can fail on them, so they are not run (region and the landmark rules walk the
 * whole page: a tenth to a quarter of axe's time). Read from the axe-core that @axe-core/playwright
 * injects: every rule of axe 4 gives all its violations the rule's own impact; a rule without one stays.
 */
const NEVER_GRAVE: string[] = (() => {
  const require = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
  const audit = (require('axe-core') as { _audit?: { rules?: { id: string; impact?: string }[] } })._audit;
  return (audit?.rules ?? []).filter((r) => (r.impact === 'minor' || r.impact === 'moderate') && r.id !== 'heading-order').map((r) => r.id);
})();

/**
 * axe for what the page shows. The app has no frames, so axe runs in the page itself ("legacy mode")
 * instead of finishing every run in a new blank page, which cost more than the checks; and only the
 * violations come back. The same rules either way, less those that never find a serious or critical
 * violation (NEVER_GRAVE): every caller asserts only those, and heading-order. `enable` turns on rules
 * axe keeps off by default (its experimental ones, such as label-content-name-mismatch).
 */
export const axeOf = (page: Page, enable: readonly string[] = []) => new AxeBuilder({ page }).setLegacyMode().options({
  resultTypes: ['violations'],
  rules: Object.fromEntries([
    ...NEVER_GRAVE.filter((id) => !enable.includes(id)).map((id) => [id, { enabled: false }]),
    ...enable.map((id) => [id, { enabled: true }]),
  ]),
});

/**
 * axe (WCAG 2.x A/AA and best practices) on what the page shows now: no serious or critical violation,
 * nor any of the rules `alsoRequired` names (e.g. 'heading-order', which axe rates moderate; run even
 * when axe keeps them off by default).
 */
export async function expectAccessible(page: Page, what: string, alsoRequired: readonly string[] = []) {
  const { violations } = await axeOf(page, alsoRequired).exclude('[data-axe-skip]').analyze();
  const grave = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical' || alsoRequired.includes(v.id))
    .map((v) => `${v.id} (${v.impact}, ${v.nodes.length} nodes): ${v.help}; first: ${v.nodes[0]?.target.join(' ')} ${v.nodes[0]?.failureSummary ?? ''}`);
  expect(grave, `axe on ${what}`).toEqual([]);
}

let htmlValidator: Promise<import('html-validate').HtmlValidate> | undefined;

/**
 * html-validate (.htmlvalidate.json: its recommended rules, less those about how source is written,
 * which a serialised DOM is not: decision 029) on the page as the browser holds it now, `page.content()`:
 * what the Nu Html Checker and other outside checkers read once the app has run. Loaded on first use,
 * once per worker.
 */
export async function expectValidHtml(page: Page, what: string) {
  const html = await page.content();
  // HTML_DUMP_DIR=dir keeps each page checked, for a checker run by hand (the Nu Html Checker: README, Tests)
  if (process.env.HTML_DUMP_DIR) {
    const width = page.viewportSize()?.width ?? 1280;
    fs.mkdirSync(process.env.HTML_DUMP_DIR, { recursive: true });
    fs.writeFileSync(path.join(process.env.HTML_DUMP_DIR, `${what.replace(/[^\w-]+/g, '_')}-${width}.html`), html);
  }
  htmlValidator ??= import('html-validate').then(({ HtmlValidate, FileSystemConfigLoader }) => new HtmlValidate(new FileSystemConfigLoader()));
  // a file name in the repository's root, so the loader finds the root's .htmlvalidate.json
  const report = await (await htmlValidator).validateString(html, path.resolve('rendered-page.html'));
  const errors = report.results.flatMap((r) => r.messages).map((m) => `${m.ruleId}: ${m.message} (at ${m.selector ?? `${m.line}:${m.column}`})`);
  expect(errors, `html-validate on ${what}`).toEqual([]);
}

/** A 1×1 PNG: what Discord's CDN answers for an avatar here. */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

/**
 * Errors the page logs to the console or throws, from now on: a list to assert empty. Avatars live on
 * Discord's CDN, which test machines cannot reach: they are answered locally, so a failed lookup of
 * cdn.discordapp.com is not counted as the page's error.
 */
export async function collectConsoleErrors(page: Page): Promise<string[]> {
  // on the context and awaited: every page of the test, from the next request on, gets the local pixel
  await page.context().route('https://cdn.discordapp.com/**', (route) => route.fulfill({ contentType: 'image/png', body: PIXEL }));
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
  return errors;
}

/**
 * With SCREENSHOTS=1 the page is also saved as docs/screenshots/{name}-{width}.png (the pictures in the
 * repository come from such a run); long lists are taken as one screen, the rest as the whole page.
 */
export async function screenshot(page: Page, name: string, fullPage = true) {
  if (!process.env.SCREENSHOTS) return;
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const width = page.viewportSize()?.width ?? 1280;
  await page.screenshot({ path: `docs/screenshots/${name}-${width}.png`, fullPage, animations: 'disabled' });
}

/** Escape closes a dialog; pressed again if the dialog had not yet listened for keys when it first went. */
export async function closeWithEscape(page: Page, dialog: Locator) {
  await expect(async () => {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
}

export const test = base.extend<object, { servers: WorkerServers }>({
  servers: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first parameter
    async ({}, use, workerInfo) => {
      const ports = workerPorts(Number(process.env.E2E_PORT ?? 8090), workerInfo.parallelIndex);
      const dir = path.join(process.env.FH_E2E_RUN_DIR!, `worker-${workerInfo.workerIndex}`);
      copyDataDir(seededDir('demo'), path.join(dir, 'demo'));
      const webhookRelay = `http://127.0.0.1:${ports.webhookSink}`;
      const demo = await startServer({ port: ports.demo, dataDir: path.join(dir, 'demo'), demo: true, webhookRelay });
      let empty: Promise<RunningServer> | undefined;
      const startEmpty = () => {
        empty ??= (async () => {
          copyDataDir(seededDir('empty'), path.join(dir, 'empty'));
          return startServer({ port: ports.empty, dataDir: path.join(dir, 'empty'), demo: false, webhookRelay });
        })();
        return empty;
      };
      servers = { demo: demo.url, empty: async () => (await startEmpty()).url, webhookSinkPort: ports.webhookSink };
      await use(servers);
      servers = undefined;
      await Promise.all([demo.stop(), empty?.then((s) => s.stop(), () => undefined)]);
    },
    { scope: 'worker', auto: true, timeout: 120_000 },
  ],
  baseURL: async ({ servers: s }, use) => use(s.demo),
});
export { expect };
