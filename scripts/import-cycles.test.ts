// No file under src/ imports another that imports it back, directly or around a loop (issue 29 §10):
// every module imports downward, so each can be read, tested and moved without its callers.
// TypeScript's own pre-processor reads the imports (type-only ones too: a loop of types is still a loop).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Each file's relative imports that name another source file (tests left out: nothing imports them). */
export function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  return new Map(files.map((file) => {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((i) => i.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => path.resolve(path.dirname(file), name))
      .filter((target) => known.has(target));
    return [file, [...new Set(targets)]];
  }));
}

/** The loops of a graph, one path each (Tarjan's strongly connected components of more than one file, or a file importing itself). */
export function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next); low.set(v, next); next++;
    stack.push(v); onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) { visit(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do { w = stack.pop()!; onStack.delete(w); component.push(w); } while (w !== v);
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) loops.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return loops;
}

describe('imports under src/', () => {
  it('finds a loop where there is one (the check itself)', () => {
    const g = new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']], ['e', ['e']]]);
    expect(cyclesOf(g)).toEqual([['a', 'b', 'c'], ['e']]);
    expect(cyclesOf(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
  });

  it('run downward only: no file imports one that imports it back', () => {
    const files = sourceFiles(SRC);
    expect(files.length).toBeGreaterThan(100);
    const loops = cyclesOf(importGraph(files)).map((loop) => loop.map((f) => path.relative(SRC, f)));
    expect(loops).toEqual([]);
  });
});
