// How the web's features lean on each other (issue 40 §4, decision 040): a feature imports another only through
// the modules that feature lists in its public.json (each with what it is for), the features import each other
// in no circle, and the shared floors (components/, lib/) import no feature.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const WEB = path.resolve(import.meta.dirname, '..');
const FEATURES = path.join(WEB, 'features');
const features = readdirSync(FEATURES, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Every relative import of the web app's source and test files, as [importer, imported file]. */
const imports: [string, string][] = sourceFiles(WEB).flatMap((file) =>
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

/** The imports from one feature into another: `from -> to/module`. */
const crossings = imports.flatMap(([from, to]) => {
  const a = featureOf(from);
  const b = featureOf(to);
  return a && b && a.feature !== b.feature ? [{ from: a.feature, file: path.relative(WEB, from), to: b.feature, module: b.module }] : [];
});

describe('the web features', () => {
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

  it('import each other in no circle', () => {
    const edges = new Map(features.map((f) => [f, new Set(crossings.filter((c) => c.from === f).map((c) => c.to))]));
    const circles: string[] = [];
    const walk = (f: string, trail: string[]) => {
      for (const next of edges.get(f) ?? []) {
        if (trail.includes(next)) circles.push([...trail.slice(trail.indexOf(next)), next].join(' -> '));
        else walk(next, [...trail, next]);
      }
    };
    for (const f of features) walk(f, [f]);
    expect(circles).toEqual([]);
  });

  it('are imported by no shared module (components/, lib/)', () => {
    const shared = imports.filter(([from, to]) => !featureOf(from) && /^(components|lib)\//.test(path.relative(WEB, from)) && featureOf(to));
    expect(shared.map(([from, to]) => `${path.relative(WEB, from)} imports ${path.relative(WEB, to)}`)).toEqual([]);
  });
});
