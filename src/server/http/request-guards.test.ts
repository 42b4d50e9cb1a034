import { describe, expect, test } from 'vitest';
import { hostAllowed } from './request-guards.ts';

describe('hostAllowed (remembers the Host headers it accepted)', () => {
  const loopback = new Set(['localhost', '127.0.0.1']);

  test('the same answer the first time and every time after', () => {
    for (let i = 0; i < 3; i++) {
      expect(hostAllowed('localhost:8282', loopback)).toBe(true);
      expect(hostAllowed('LOCALHOST', loopback)).toBe(true);
      expect(hostAllowed('rebind.example:8282', loopback)).toBe(false);
      expect(hostAllowed('localhost.rebind.example', loopback)).toBe(false);
      expect(hostAllowed(undefined, loopback)).toBe(false);
      expect(hostAllowed('', loopback)).toBe(false);
    }
  });

  test('a host accepted by one server is not accepted by another with other names', () => {
    const site = new Set(['hub.example.org']);
    expect(hostAllowed('hub.example.org', site)).toBe(true);
    expect(hostAllowed('hub.example.org', loopback)).toBe(false);
    expect(hostAllowed('127.0.0.1:80', site)).toBe(false);
  });

  test('many distinct accepted hosts (ports) do not make a refused one pass', () => {
    for (let port = 1000; port < 1200; port++) expect(hostAllowed(`127.0.0.1:${port}`, loopback)).toBe(true);
    expect(hostAllowed('evil.example:1000', loopback)).toBe(false);
  });
});
