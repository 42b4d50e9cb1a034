// A Vitest reporter for `npm test`'s closing summary: each test file's time (import and tests) and
// its project, written as JSON to the file FH_VITEST_TIMES names (Vitest's own JSON report has no
// project, and the API files run once per database).
import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export default class FileTimes implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const out = process.env.FH_VITEST_TIMES;
    if (!out) return;
    const files = modules.map((m) => {
      const d = m.diagnostic();
      return { file: path.relative(process.cwd(), m.moduleId), project: m.project.name, seconds: (d.collectDuration + d.duration) / 1000 };
    });
    fs.writeFileSync(out, JSON.stringify(files));
  }
}
