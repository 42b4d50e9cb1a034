// Reads a V8 CPU profile (node --cpu-prof; bench/event-night.bench.ts writes the server's with
// BENCH_CPU_PROF=dir) and prints where the time went: the functions with the most self time, and
// the total (self and below) time of the project's own functions. Not a bench: run it by hand,
// `npx tsx bench/cpu-profile.ts file.cpuprofile [rows] [last-seconds]` (last-seconds: only the end
// of the run, e.g. the rounds without the sign-ins before them).
import fs from 'node:fs';

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
interface Profile { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number }

const [file, rowsArg, lastArg] = process.argv.slice(2);
if (!file) throw new Error('usage: tsx bench/cpu-profile.ts file.cpuprofile [rows]');
const rows = Number(rowsArg ?? 30);
const p = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map<number, number>();
const from = lastArg ? p.endTime - Number(lastArg) * 1e6 : p.startTime;
let at = p.startTime;
p.samples.forEach((id, i) => {
  at += p.timeDeltas[i] ?? 0;
  if (at >= from) self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0));
});
const total = (p.endTime - from) / 1000;
const name = (n: Node) => {
  const f = n.callFrame;
  const where = f.url.replace(/^.*\/(node_modules\/)?/, (m) => (m.includes('node_modules') ? 'nm/' : '')).replace(/^file:\/\//, '');
  return `${f.functionName || '(anon)'} ${where}:${f.lineNumber + 1}`;
};
const selfBy = new Map<string, number>();
const inclusiveBy = new Map<string, number>();
for (const [id, us] of self) {
  const n = byId.get(id)!;
  selfBy.set(name(n), (selfBy.get(name(n)) ?? 0) + us);
  // inclusive: once per distinct frame on the stack
  const seen = new Set<string>();
  for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
    const k = name(byId.get(cur)!);
    if (seen.has(k)) continue;
    seen.add(k);
    inclusiveBy.set(k, (inclusiveBy.get(k) ?? 0) + us);
  }
}
const idle = [...selfBy].filter(([k]) => k.startsWith('(idle)')).reduce((s, [, v]) => s + v, 0) / 1000;
console.log(`${file}: ${(total / 1000).toFixed(1)} s profiled, ${(idle / 1000).toFixed(1)} s idle`);
const show = (title: string, m: Map<string, number>, filter: (k: string) => boolean = () => true) => {
  console.log(`\n${title}`);
  for (const [k, us] of [...m].filter(([k]) => filter(k)).sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    console.log(`${(us / 1000).toFixed(0).padStart(8)} ms ${((us / 1000 / (total - idle)) * 100).toFixed(1).padStart(5)}%  ${k}`);
  }
};
show('self time', selfBy, (k) => !k.startsWith('(idle)'));
show('total time (own code)', inclusiveBy, (k) => k.includes('src/') || k.includes('main.mjs'));
