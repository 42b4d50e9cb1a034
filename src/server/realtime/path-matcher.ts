// Destination patterns the way Spring's AntPathMatcher reads them (platform.md): `*` and `?`
// stay within one segment, a whole `**` segment spans any number of segments (zero included).

const cache = new Map<string, RegExp>();

function segmentRegex(segment: string): string {
  let out = '';
  for (const ch of segment) {
    if (ch === '*') out += '[^/]*';
    else if (ch === '?') out += '[^/]';
    else out += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return out;
}

function compile(pattern: string): RegExp {
  const absolute = pattern.startsWith('/');
  const segments = pattern.split('/').filter((s) => s !== '');
  let source = '';
  segments.forEach((segment, i) => {
    const sep = i === 0 && !absolute ? '' : '/';
    if (segment === '**') source += i === 0 && !absolute ? '(?:[^/]+(?:/[^/]+)*)?' : '(?:/[^/]+)*';
    else source += sep + segmentRegex(segment);
  });
  return new RegExp(`^${source}$`);
}

/** True when the destination matches the pattern (`/topic/judgement/*`, `/app/**`). */
export function matchPath(pattern: string, path: string): boolean {
  let regex = cache.get(pattern);
  if (!regex) {
    regex = compile(pattern);
    if (cache.size > 10_000) cache.clear(); // patterns come from clients: keep the cache bounded
    cache.set(pattern, regex);
  }
  return regex.test(path);
}

/** True when the pattern has wildcards (a plain topic is matched by string equality). */
export function isPattern(pattern: string): boolean {
  return /[*?]/.test(pattern);
}
