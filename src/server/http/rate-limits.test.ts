import { describe, expect, it } from 'vitest';
import { rateLimitKind } from './rate-limits.ts';

describe('rateLimitKind', () => {
  it.each([
    ['GET', '/api/oauth/login?returnTo=/judgement', 'signin'],
    ['GET', '/demo-discord/oauth2/authorize?client_id=x', 'signin'],
    ['POST', '/demo-discord/oauth2/token', 'signin'],
    ['POST', '/api/oauth/handle-callback', 'signin'],
    ['GET', '/api/oauth/me', undefined],
    ['GET', '/api/tournaments', undefined],
    ['HEAD', '/api/banlists/2026-07-01', undefined],
    ['GET', '/tournaments', undefined],
    ['POST', '/api/series/upload', 'upload'],
    ['PUT', '/api/series/abc/upload', 'upload'],
    ['POST', '/api/images/api/upload', 'upload'],
    ['POST', '/api/judgement?x=1', 'write'],
    ['DELETE', '/api/banlists/2026-07-01', 'write'],
    ['OPTIONS', '/api/judgement', undefined],
  ] as const)('%s %s → %s', (method, url, kind) => {
    expect(rateLimitKind({ method, url })).toBe(kind);
  });
});
