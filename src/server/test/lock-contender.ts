// A process that competes for a data-dir lock, for the lock race tests: on "go <time>" it waits
// until that instant (so every contender calls at once), tries once and prints "won" or "lost";
// on "release" it lets go. lock.test.ts runs it bundled by esbuild (no TypeScript loader to start
// in each process).
import readline from 'node:readline';
import { lockDataDir } from '../db/lock.ts';

const dir = process.argv[2]!;
let lock: { release(): void } | undefined;
const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (line.startsWith('go ')) {
    const at = Number(line.slice(3));
    // sleep until 2 ms before, then spin: all contenders start within a millisecond, and eight of
    // them spinning through the whole lead would burn both cores for nothing
    const sleep = at - 2 - Date.now();
    if (sleep > 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, sleep);
    while (Date.now() < at) { /* spin */ }
    try {
      lock = lockDataDir(dir);
      console.log('won');
    } catch (e) {
      console.log((e as Error).name === 'DataDirInUseError' ? 'lost' : `error ${(e as Error).message}`);
    }
  } else if (line === 'release') {
    lock?.release();
    lock = undefined;
    console.log('released');
  }
});
lines.on('close', () => process.exit(0));
console.log('ready');
