// Destination patterns the way Spring's AntPathMatcher reads them (platform.md): `*` and `?`
// stay within one segment, a whole `**` segment spans any number of segments (zero included),
// empty segments do not count.
//
// Patterns come from anonymous clients (SUBSCRIBE), so no regular expression: a pattern is
// compiled once into segments and pieces, and matched segment by segment, each wildcard piece
// found at its leftmost place and never tried again (greedy leftmost is exact for `*` globs,
// at the level of characters and, for `**`, of segments). A pattern that needs more segments or
// characters than the path has fails before any scan, so a path of n characters costs at most
// O(n²) character comparisons (n: a topic we publish, a few dozen characters) whatever the
// pattern's length, and compiling costs one pass over the pattern.

/** One segment without `**`: split at `*` (runs collapsed); `?` is one character. */
interface SegmentPattern {
  /** the pieces between stars; a single piece means no star */
  pieces: string[];
  /** characters the segment needs at least (its non-star characters) */
  min: number;
}

export interface CompiledPattern {
  readonly source: string;
  readonly absolute: boolean;
  /** runs of segment patterns between `**` segments; one run means no `**` */
  readonly runs: SegmentPattern[][];
  /** segments a matching path has at least (every segment that is not `**`) */
  readonly minSegments: number;
}

const GLOBSTAR = '**';

function compileSegment(segment: string): SegmentPattern {
  const pieces = segment.split('*');
  // runs of stars leave empty pieces between them: `a**b` is `a*b`
  const kept = pieces.length === 1 ? pieces : [pieces[0]!, ...pieces.slice(1, -1).filter((p) => p !== ''), pieces.at(-1)!];
  return { pieces: kept, min: kept.reduce((n, p) => n + p.length, 0) };
}

/** Splits a path into its non-empty segments. */
function segmentsOf(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

export function compilePattern(pattern: string): CompiledPattern {
  const runs: SegmentPattern[][] = [[]];
  let previous: string | undefined;
  let minSegments = 0;
  for (const segment of segmentsOf(pattern)) {
    if (segment === GLOBSTAR) {
      if (previous !== GLOBSTAR) runs.push([]); // `**/**` is `**`
    } else {
      runs.at(-1)!.push(compileSegment(segment));
      minSegments++;
    }
    previous = segment;
  }
  return { source: pattern, absolute: pattern.startsWith('/'), runs, minSegments };
}

/** `piece` (with `?` for any character) at `at` in `text`. */
function pieceAt(text: string, at: number, piece: string): boolean {
  for (let i = 0; i < piece.length; i++) {
    const c = piece.charCodeAt(i);
    if (c !== 0x3f /* ? */ && c !== text.charCodeAt(at + i)) return false;
  }
  return true;
}

/** The leftmost place of `piece` in text[from, to), or -1. */
function findPiece(text: string, from: number, to: number, piece: string): number {
  const last = to - piece.length;
  if (!piece.includes('?')) {
    const at = text.indexOf(piece, from);
    return at >= 0 && at <= last ? at : -1;
  }
  for (let at = from; at <= last; at++) if (pieceAt(text, at, piece)) return at;
  return -1;
}

function segmentMatches(p: SegmentPattern, text: string): boolean {
  if (text.length < p.min) return false;
  const { pieces } = p;
  if (pieces.length === 1) return text.length === p.min && pieceAt(text, 0, pieces[0]!);
  const first = pieces[0]!;
  const last = pieces.at(-1)!;
  // text.length >= min: the first and last pieces cannot overlap
  if (!pieceAt(text, 0, first) || !pieceAt(text, text.length - last.length, last)) return false;
  let at = first.length;
  const end = text.length - last.length;
  for (let i = 1; i < pieces.length - 1; i++) {
    const found = findPiece(text, at, end, pieces[i]!);
    if (found < 0) return false;
    at = found + pieces[i]!.length;
  }
  return true;
}

function runAt(run: SegmentPattern[], segments: string[], at: number): boolean {
  for (let i = 0; i < run.length; i++) if (!segmentMatches(run[i]!, segments[at + i]!)) return false;
  return true;
}

/** A path cut into segments once, to be matched against many patterns. */
export interface SplitPath {
  absolute: boolean;
  segments: string[];
}

export function splitPath(path: string): SplitPath {
  return { absolute: path.startsWith('/'), segments: segmentsOf(path) };
}

/** True when the path matches the compiled pattern. */
export function matches(compiled: CompiledPattern, path: string | SplitPath): boolean {
  const { absolute, segments } = typeof path === 'string' ? splitPath(path) : path;
  if (compiled.absolute !== absolute) return false;
  const { runs } = compiled;
  if (segments.length < compiled.minSegments) return false;
  if (runs.length === 1) return segments.length === compiled.minSegments && runAt(runs[0]!, segments, 0);
  const head = runs[0]!;
  const tail = runs.at(-1)!;
  if (!runAt(head, segments, 0) || !runAt(tail, segments, segments.length - tail.length)) return false;
  let at = head.length;
  const end = segments.length - tail.length;
  for (let r = 1; r < runs.length - 1; r++) {
    const run = runs[r]!;
    let found = -1;
    for (let j = at; j + run.length <= end; j++) {
      if (runAt(run, segments, j)) {
        found = j;
        break;
      }
    }
    if (found < 0) return false;
    at = found + run.length;
  }
  return true;
}

// server-side patterns (handlers, restrictions) are few; client ones are compiled at SUBSCRIBE
const cache = new Map<string, CompiledPattern>();

/** True when the destination matches the pattern (`/topic/judgement/*`, `/app/**`). */
export function matchPath(pattern: string, path: string): boolean {
  let compiled = cache.get(pattern);
  if (!compiled) {
    compiled = compilePattern(pattern);
    if (cache.size > 1_000) cache.clear(); // keep the cache bounded whatever it is asked
    cache.set(pattern, compiled);
  }
  return matches(compiled, path);
}

/** True when the pattern has wildcards (a plain topic is matched by string equality). */
export function isPattern(pattern: string): boolean {
  return /[*?]/.test(pattern);
}
