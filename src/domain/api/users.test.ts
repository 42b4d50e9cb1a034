// safeReturnPath: where the browser goes after sign-in. Only a path of this site, never another
// origin, a script URL or the API (the OAuth callback page included).
import { describe, expect, test } from 'vitest';
import { safeReturnPath } from './users.ts';

describe('safeReturnPath', () => {
  test.each([
    // paths of this site are kept as given, query and fragment included
    ['/', '/'],
    ['/judgement', '/judgement'],
    ['/judgement?x=1#y', '/judgement?x=1#y'],
    ['/tournaments/abc/standings', '/tournaments/abc/standings'],
    ['/banlist/2026-05-01?q=pot%20of%20greed', '/banlist/2026-05-01?q=pot%20of%20greed'],
    ['/search?next=https://evil.example', '/search?next=https://evil.example'], // another origin in the query is only text
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'], // percent-encoded slashes stay one path on this site
    ['/apis', '/apis'], // a page whose name starts like the API's is not the API
    ['/judgement?next=/../api/oauth/login', '/judgement?next=/../api/oauth/login'], // dot segments in the query are only text
    ['/x'.repeat(1024), '/x'.repeat(1024)], // 2,048 characters: the longest kept
    // other origins: protocol-relative, backslash (browsers read \ as /), absolute URLs
    ['//evil.example', '/'],
    ['//evil.example/judgement', '/'],
    ['///evil.example', '/'],
    ['/\\evil', '/'],
    ['/\\/evil.example', '/'],
    ['\\\\evil.example', '/'],
    ['/judgement\\..\\..\\evil', '/'],
    ['https://evil.example', '/'],
    ['https://evil.example/judgement', '/'],
    ['http:evil.example', '/'],
    ['HTTPS://EVIL.EXAMPLE', '/'],
    // script and data URLs
    ['javascript:alert(1)', '/'],
    ['JavaScript:alert(1)', '/'],
    [' javascript:alert(1)', '/'],
    ['data:text/html,<script>alert(1)</script>', '/'],
    // control characters: browsers drop tab and newlines, so '/\t/evil' would become '//evil'
    ['/\t/evil.example', '/'],
    ['/\n/evil.example', '/'],
    ['/\r/evil.example', '/'],
    ['/judgement\u0000', '/'],
    ['/judgement\u001f', '/'],
    // the API, the OAuth flow and the callback page itself
    ['/api/oauth/login', '/'],
    ['/api/oauth/callback?code=x&state=y', '/'],
    ['/api/oauth/logout', '/'],
    ['/api/', '/'],
    // dot segments resolve as the browser resolves them, before the checks
    ['/x/../api/oauth/login', '/'],
    ['/%2e%2e/api/oauth/callback', '/'],
    ['/judgement/%2E%2E/%2E%2E/api/oauth/logout', '/'],
    ['/.//evil.example', '/'],
    ['/a/..//evil.example', '/'],
    ['/a/../judgement', '/a/../judgement'],
    // nothing, or not a path
    ['', '/'],
    [null, '/'],
    [undefined, '/'],
    ['judgement', '/'],
    [' /judgement', '/'],
    ['?x=1', '/'],
    ['#y', '/'],
    ['.', '/'],
    ['/x'.repeat(1024) + 'x', '/'], // 2,049 characters
  ] as [string | null | undefined, string][])('%j -> %j', (input, expected) => {
    expect(safeReturnPath(input)).toBe(expected);
  });

  test('whatever is kept resolves to this site', () => {
    const inputs = ['/', '/judgement?x=1#y', '/%2F%2Fevil.example', '/./judgement', '/../../judgement', '/apis', '/a/b/../../c'];
    for (const input of inputs) {
      const kept = safeReturnPath(input);
      expect(new URL(kept, 'https://site.example').origin, input).toBe('https://site.example');
    }
  });
});
