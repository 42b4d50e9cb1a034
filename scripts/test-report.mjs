// The end of `npm test`: each phase's time and each runner's ten slowest test files, read from the
// runners' JSON reports, so that a slow file is seen the day it lands.
const TOP = 10;

/** The files scripts/vitest-file-times.ts wrote: import and tests, per project. */
export function slowestVitestFiles(files) {
  return [...files].sort((a, b) => b.seconds - a.seconds).slice(0, TOP);
}

/** Playwright's JSON report: a file's time is the sum of its tests' runs, per project (width). */
export function slowestPlaywrightFiles(report) {
  const totals = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) {
        const key = `${spec.file}\u0000${test.projectName}`;
        const seconds = test.results.reduce((s, r) => s + r.duration / 1000, 0);
        totals.set(key, (totals.get(key) ?? 0) + seconds);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  return [...totals]
    .map(([key, seconds]) => {
      const [file, project] = key.split('\u0000');
      return { file: `e2e/${file}`, project, seconds };
    })
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, TOP);
}

const clock = (seconds) => {
  const s = Math.round(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

export function formatReport(phases, slowest) {
  const lines = ['', 'Time by phase:'];
  for (const p of phases) lines.push(`  ${clock(p.seconds).padStart(6)}  ${p.phase}`);
  lines.push(`  ${clock(phases.reduce((s, p) => s + p.seconds, 0)).padStart(6)}  in all`);
  for (const [runner, rows] of Object.entries(slowest)) {
    lines.push('', `The ${rows.length} slowest files of ${runner}:`);
    for (const r of rows) lines.push(`  ${r.seconds.toFixed(1).padStart(6)} s  ${r.file}${r.project ? ` (${r.project})` : ''}`);
  }
  return lines.join('\n');
}
