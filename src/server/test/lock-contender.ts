// A process that competes for a data-dir lock, for the lock race tests: on "go <time>" it spins
// until that instant (so every contender calls at once), tries once and prints "won" or "lost";
// on "release" it lets go.
import readline from 'node:readline';
import { lockDataDir } from '../db/lock.ts';

const dir = process.argv[2]!;
let lock: { release(): void } | undefined;
const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (line.startsWith('go ')) {
    const at = Number(line.slice(3));
    while (Date.now() < at) { /* spin: all contenders start within a millisecond */ }
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
