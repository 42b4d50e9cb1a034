// How the features lean on each other, on the web and on the server (issue 40 §4, decisions 040 and 043): a
// feature imports another only through the modules that feature lists in its public.json (each with what it
// is for), the features import each other in no circle, and the web's shared floors (components/, lib/)
// import no feature. The ESLint rule boundaries/public-modules says the first at each import; the circles are
// a property of the whole graph, which only a test sees.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');

interface Side {
  name: 'web' | 'server';
  /** which files' imports count */
  counts: (file: string) => boolean;
  /** floors every feature may use, which import no feature */
  sharedFloors: string[];
  /** circles between features that are still allowed, as circleName writes them */
  allowedCircles: string[];
}

const SIDES: Side[] = [
  // the web's tests count too: a test of one feature leans on another only as its code may
  { name: 'web', counts: () => true, sharedFloors: ['components', 'lib'], allowedCircles: [] },
  {
    name: 'server',
    // tests and their kits are free: an API test builds its state through other features' routes and
    // repositories (a tournament test imports a banlist, a banlist test imports cards), which the running
    // server does not depend on
    counts: (file) => !/(\.test\.ts|-test-kit\.ts)$/.test(file),
    sharedFloors: [],
    allowedCircles: [],
  },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** A circle of features, started at the first by name: `a -> b -> c -> a`. */
function circleName(features: readonly string[]): string {
  const first = features.indexOf([...features].sort()[0]!);
  const turned = [...features.slice(first), ...features.slice(0, first)];
  return [...turned, turned[0]].join(' -> ');
}

/** Every simple circle of a graph of features, each once (the graphs are small: every path is walked). */
function circlesOf(edges: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const circles = new Set<string>();
  const walk = (trail: string[]) => {
    for (const next of edges.get(trail.at(-1)!) ?? []) {
      if (trail.includes(next)) circles.add(circleName(trail.slice(trail.indexOf(next))));
      else walk([...trail, next]);
    }
  };
  for (const f of edges.keys()) walk([f]);
  return [...circles].sort();
}

describe.each(SIDES)('the $name features', (side) => {
  const ROOT = path.join(SRC, side.name);
  const FEATURES = path.join(ROOT, 'features');
  const features = readdirSync(FEATURES, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

  /** Every relative import of the side's files that count, as [importer, imported file]. */
  const imports: [string, string][] = sourceFiles(ROOT).filter(side.counts).flatMap((file) =>
    ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles
      .map((i) => i.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name): [string, string] => [file, path.resolve(path.dirname(file), name)]),
  );

  /** The feature a file belongs to, and its path inside that feature; undefined outside features/. */
  function featureOf(file: string): { feature: string; module: string } | undefined {
    const rel = path.relative(FEATURES, file);
    if (rel.startsWith('..')) return undefined;
    const [feature, ...rest] = rel.split(path.sep);
    return rest.length ? { feature: feature!, module: rest.join('/') } : undefined;
  }

  const publicModules = (feature: string): Record<string, string> => {
    const file = path.join(FEATURES, feature, 'public.json');
    return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  };

  /** The imports from one feature into another. */
  const crossings = imports.flatMap(([from, to]) => {
    const a = featureOf(from);
    const b = featureOf(to);
    return a && b && a.feature !== b.feature ? [{ from: a.feature, file: path.relative(ROOT, from), to: b.feature, module: b.module }] : [];
  });

  it('each lists what other features may import in its public.json, with what each module is for', () => {
    for (const feature of features) {
      expect(existsSync(path.join(FEATURES, feature, 'public.json')), `${feature}/public.json`).toBe(true);
      for (const [module, why] of Object.entries(publicModules(feature))) {
        expect(existsSync(path.join(FEATURES, feature, module)), `${feature}/${module} exists`).toBe(true);
        expect(why.length, `${feature}/${module} says what it is for`).toBeGreaterThan(10);
      }
    }
  });

  it('import each other only through those modules', () => {
    const refused = crossings.filter((c) => !(c.module in publicModules(c.to))).map((c) => `${c.file} imports ${c.to}/${c.module}`);
    expect(refused).toEqual([]);
  });

  it(side.allowedCircles.length ? 'import each other in no circle but those still allowed, each of which is still there' : 'import each other in no circle', () => {
    const edges = new Map(features.map((f) => [f, new Set(crossings.filter((c) => c.from === f).map((c) => c.to))]));
    const found = circlesOf(edges);
    const unexpected = found.filter((c) => !side.allowedCircles.includes(c));
    const where = unexpected.flatMap((circle) => {
      const steps = circle.split(' -> ');
      return steps.slice(1).map((to, i) => `${steps[i]} -> ${to}: ${crossings.filter((c) => c.from === steps[i] && c.to === to).map((c) => `${c.file} imports ${c.module}`).join(', ')}`);
    });
    expect(found, `the imports that make the circles not allowed:\n${[...new Set(where)].join('\n')}`).toEqual([...side.allowedCircles].sort());
  });

  if (side.sharedFloors.length) it(`are imported by no shared module (${side.sharedFloors.map((f) => `${f}/`).join(', ')})`, () => {
    const floor = new RegExp(`^(${side.sharedFloors.join('|')})/`);
    const shared = imports.filter(([from, to]) => !featureOf(from) && floor.test(path.relative(ROOT, from)) && featureOf(to));
    expect(shared.map(([from, to]) => `${path.relative(ROOT, from)} imports ${path.relative(ROOT, to)}`)).toEqual([]);
  });
});

describe('circles between features', () => {
  const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges).map(([f, to]) => [f, new Set(to)]));

  it('are each named once, from the first feature by name', () => {
    expect(circlesOf(graph({ b: ['a'], a: ['b'], c: ['a'] }))).toEqual(['a -> b -> a']);
    expect(circlesOf(graph({ c: ['a'], a: ['b'], b: ['c', 'a'] }))).toEqual(['a -> b -> a', 'a -> b -> c -> a']);
    expect(circlesOf(graph({ a: ['b'], b: ['c'], c: [] }))).toEqual([]);
  });
});
