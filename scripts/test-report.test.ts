// The end of `npm test`: phases as minutes:seconds, and each runner's ten slowest files from its report.
import { describe, expect, test } from 'vitest';
import { formatReport, slowestPlaywrightFiles, slowestVitestFiles } from './test-report.mjs';

const result = (duration: number) => ({ duration });

describe('the closing report of npm test', () => {
  test('Vitest: the ten slowest of every project, slowest first', () => {
    const files = Array.from({ length: 14 }, (_, i) => ({ file: `src/f${i}.test.ts`, project: i % 2 ? 'unit' : 'api-pglite', seconds: i }));
    const top = slowestVitestFiles(files);
    expect(top.map((f) => f.seconds)).toEqual([13, 12, 11, 10, 9, 8, 7, 6, 5, 4]);
    expect(files).toHaveLength(14); // the input is left as it was
  });

  test("Playwright: a file's time is the sum of its tests' runs, per width, nested suites included", () => {
    const report = {
      suites: [
        {
          file: 'a.spec.ts',
          specs: [{ file: 'a.spec.ts', tests: [{ projectName: 'desktop', results: [result(2000)] }, { projectName: 'mobile', results: [result(500)] }] }],
          suites: [{ specs: [{ file: 'a.spec.ts', tests: [{ projectName: 'desktop', results: [result(1000), result(1500)] }] }] }],
        },
        { file: 'b.spec.ts', specs: [{ file: 'b.spec.ts', tests: [{ projectName: 'desktop', results: [result(3000)] }] }] },
      ],
    };
    expect(slowestPlaywrightFiles(report)).toEqual([
      { file: 'e2e/a.spec.ts', project: 'desktop', seconds: 4.5 },
      { file: 'e2e/b.spec.ts', project: 'desktop', seconds: 3 },
      { file: 'e2e/a.spec.ts', project: 'mobile', seconds: 0.5 },
    ]);
  });

  test('phases as minutes and seconds with their sum; each runner under its own heading', () => {
    const text = formatReport(
      [{ phase: 'unit and API tests (Vitest)', seconds: 359.6 }, { phase: 'end to end (Playwright)', seconds: 59.6 }],
      { Vitest: [{ file: 'src/x.test.ts', project: 'unit', seconds: 12.34 }] },
    );
    expect(text).toContain('   6:00  unit and API tests (Vitest)');
    expect(text).toContain('   1:00  end to end (Playwright)');
    expect(text).toContain('   6:59  in all');
    expect(text).toContain('The 1 slowest files of Vitest:\n    12.3 s  src/x.test.ts (unit)');
  });
});
