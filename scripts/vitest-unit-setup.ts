// Runs before every unit test file. The unit files share their workers' modules (isolate off in
// vitest.config.ts): whatever a file changes of the process is undone after it, so that the next
// file in the same worker starts as it would in a fresh one. The files that fake timers, stub
// globals or spy do undo it themselves; this is the net under them.
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
