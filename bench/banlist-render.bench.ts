// Time from navigation to the last row of the GOAT whitelist (1,704 cards) rendered on /banlist, in Chromium,
// beside static HTML pages of the same rows served by a bare Node server. Figures, not assertions.
//
// "Last row rendered": the row of the list's last card (UNLIMITED section, last by card type then name) is in
// the DOM and has a layout box. The page renders every row (off-screen ones unpainted, content-visibility); the
// probe still scrolls to the bottom once rows exist, every frame until that row is there, as it would for a
// virtualised list; a static page has it once parsed. The same probe measures every page
// (performance.now(), i.e. since navigation start), each run in a fresh browser context (cold HTTP cache).
// Median of RUNS runs, interleaved.
import fs from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import type { BanlistEntry } from '../src/domain/api/banlists.ts';
import { CARD_TYPE_LABEL } from '../src/domain/banlists/card-types.ts';
import { STATUS_LABEL } from '../src/domain/banlists/statuses.ts';
import { TestClient } from '../src/server/test/test-server.ts';
import { flattenSections, groupIntoSections, remarkOf } from '../src/web/features/banlists/banlist-view.ts';
import { fmt, startBareServer, startServer } from './lib.ts';

const PORT = Number(process.env.BENCH_PORT ?? 8230);
const RUNS = Number(process.env.RUNS ?? 5);
const DATE = '2005-04-01';
const ADA = '100000000000000001'; // demo admin
const GOAT = new URL('../../shared/data/lflists/2005.4-GOAT.lflist.conf', import.meta.url);

type Server = { url: string; stop(): void };

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** The sections and rows of the page's desktop table as one plain document; thumbnails unless imageBase is null. */
function staticPage(entries: BanlistEntry[], imageBase: string | null): string {
  const rows = flattenSections(groupIntoSections(entries)).map((r) => {
    if (r.kind === 'section') return `<tr><th colspan="7"><h2>${STATUS_LABEL[r.status]} <span>${r.count}</span></h2></th></tr>`;
    const e = r.entry;
    const img =
      imageBase === null
        ? '<td></td>'
        : `<td><img src="${imageBase}/api/cards/${e.cardId}/image?size=small" alt="" width="40" height="58" loading="lazy"></td>`;
    return (
      `<tr data-testid="banlist-entry" data-card-id="${e.cardId}">${img}` +
      `<td>${CARD_TYPE_LABEL[e.cardType]}</td><td>${escape(e.cardName)}</td><td>${STATUS_LABEL[e.formatStatus]}</td>` +
      `<td>${remarkOf(e, false) || '—'}</td><td>${STATUS_LABEL[e.advancedFormatStatus]}</td><td>${escape(e.reason ?? '—')}</td></tr>`
    );
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Banlist</title>
<style>body{font:14px system-ui,sans-serif;margin:0 auto;max-width:1152px;padding:32px 16px}table{width:100%;table-layout:fixed;border-collapse:separate;border-spacing:0}
th,td{padding:6px 12px;border-bottom:1px solid #ddd;text-align:left}thead th{position:sticky;top:0;background:#fff}h2{font-size:18px;margin:12px 0 0}</style></head>
<body><h1>Banlist</h1><table><thead><tr><th>Img</th><th>Type</th><th>Name</th><th>Format Hub Status</th><th>Remarks</th><th>Advanced</th><th>Reason</th></tr></thead>
<tbody>${rows.join('\n')}</tbody></table></body></html>`;
}

/**
 * Runs in every page from the first byte: records when the last card's row exists and has a layout box.
 * A string, not a function: tsx would wrap a function with helpers that do not exist in the page.
 */
const probe = (lastId: number) => `(() => {
  const check = () => {
    if (window.__lastRowAt) return;
    const last = document.querySelector('[data-card-id="${lastId}"]');
    // layout is forced only once the row exists, so probing costs a static page's parser nothing
    if (last && last.getBoundingClientRect().height > 0) window.__lastRowAt = performance.now();
  };
  const frame = () => {
    check();
    if (window.__lastRowAt) return;
    // to the bottom once rows exist, once per frame (the total height settles as rows are first painted);
    // a static page gets the same call, at most one layout per frame
    if (document.querySelector('[data-testid="banlist-entry"]')) window.scrollTo(0, document.documentElement.scrollHeight);
    requestAnimationFrame(frame);
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
  requestAnimationFrame(frame);
})();`;

async function measure(browser: Browser, url: string, lastId: number): Promise<number> {
  // bypassCSP: the probe is a string, which the site's Content-Security-Policy (no unsafe-eval) refuses
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: probe(lastId) });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction('window.__lastRowAt', undefined, { timeout: 60_000 });
    return (await page.evaluate('window.__lastRowAt')) as number;
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

if (!process.env.WEB_DIR && !fs.existsSync(new URL('../dist/web/index.html', import.meta.url))) {
  throw new Error('Build the web app first (npm run build) or set WEB_DIR');
}
const server = await startServer(PORT);
const bare: Server[] = [];
const browser = await chromium.launch({
  // the browser the end-to-end tests run (playwright.config.ts)
  executablePath: process.env.CHROMIUM_PATH ?? (fs.existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium'),
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const admin = new TestClient(server.url);
  await admin.signIn(ADA, 'Ada');
  const put = await admin.request('PUT', `/api/banlists/${DATE}`, { body: fs.readFileSync(GOAT, 'utf8') });
  if (!put.ok) throw new Error(`import answered ${put.status}: ${await put.text()}`);
  const entries = (await (await fetch(`${server.url}/api/banlists/${DATE}`)).json()) as BanlistEntry[];
  const rows = flattenSections(groupIntoSections(entries));
  const lastRow = rows.at(-1);
  if (lastRow?.kind !== 'entry') throw new Error('the list should end with a card');
  const lastId = lastRow.entry.cardId;

  // The same rows with their lazy thumbnails, and as text only (the stricter ceiling).
  const withImages = staticPage(entries, server.url);
  const textOnly = staticPage(entries, null);
  bare.push(await startBareServer(PORT + 1, Buffer.from(withImages), 'text/html; charset=utf-8'));
  bare.push(await startBareServer(PORT + 2, Buffer.from(textOnly), 'text/html; charset=utf-8'));
  const spa = `${server.url}/banlist?date=${DATE}`;

  const times: [number[], number[], number[]] = [[], [], []];
  await measure(browser, spa, lastId); // warm the server's caches once
  for (let i = 0; i < RUNS; i++) {
    times[0].push(await measure(browser, spa, lastId));
    times[1].push(await measure(browser, bare[0]!.url, lastId));
    times[2].push(await measure(browser, bare[1]!.url, lastId));
  }
  const [s, c, t] = times.map(median) as [number, number, number];
  const line = (label: string, m: number, runs: number[]) =>
    console.log(`  ${label.padEnd(50)} ${fmt(m).padStart(6)} ms   runs: ${runs.map((x) => fmt(x)).join(', ')}`);
  console.log(
    `GOAT whitelist: ${entries.length} entries, ${rows.length} rows; static pages ${fmt(withImages.length / 1024)} KiB and ${fmt(textOnly.length / 1024)} KiB`,
  );
  console.log(`navigation -> last row rendered (median of ${RUNS}, fresh browser context each)`);
  line('/banlist (SPA, every row, scrolled to the end)', s, times[0]);
  line('static HTML, same rows with lazy thumbnails', c, times[1]);
  line('static HTML, same rows as text only', t, times[2]);
  console.log(`  ratio ${fmt(s / c, 2)} vs the same rows, ${fmt(s / t, 2)} vs text only (target at most 2)`);
} finally {
  await browser.close();
  await Promise.all(bare.map((b) => b.stop()));
  await server.stop();
}
process.exit(0);
