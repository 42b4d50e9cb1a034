import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.ts';

describe('securityHeaders (computed once, sent on every answer)', () => {
  it('over plain http: CSP with the card image origin, no HSTS', () => {
    const h = securityHeaders({ cardImageBaseUrl: 'https://images.example.org/cards/', https: false });
    expect(h['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    // images from this site, Discord's avatars and the card image base: nowhere else
    expect(h['Content-Security-Policy']).toContain("img-src 'self' data: blob: https://cdn.discordapp.com https://images.example.org;");
    expect(h['Content-Security-Policy']).not.toContain('upgrade-insecure-requests');
    expect(h['Strict-Transport-Security']).toBeUndefined();
    expect(h['X-Content-Type-Options']).toBe('nosniff');
    expect(h['Referrer-Policy']).toBe('strict-origin-when-cross-origin');
    expect(h['X-Powered-By']).toBeUndefined();
  });

  it('behind https: HSTS for a year and upgrade-insecure-requests', () => {
    const h = securityHeaders({ https: true });
    expect(h['Strict-Transport-Security']).toBe('max-age=31536000; includeSubDomains');
    expect(h['Content-Security-Policy']).toContain('upgrade-insecure-requests');
  });
});
