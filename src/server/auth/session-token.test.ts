import { describe, expect, test } from 'vitest';
import { hashSessionToken, newSessionToken, safeEqual, sessionCookieName } from './session-token.ts';
import { avatarUrlOf } from './discord-profile.ts';
import { isLoopback } from './demo-provider.ts';

describe('session tokens', () => {
  test('are 256 random bits, base64url, never repeated', () => {
    const tokens = new Set(Array.from({ length: 200 }, newSessionToken));
    expect(tokens.size).toBe(200);
    for (const t of tokens) expect(Buffer.from(t, 'base64url')).toHaveLength(32);
  });

  test('are stored as their sha256, hex', () => {
    expect(hashSessionToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashSessionToken('abc')).not.toBe(hashSessionToken('abd'));
  });

  test.each([
    ['same strings', 'abc', 'abc', true],
    ['different strings', 'abc', 'abd', false],
    ['different lengths', 'abc', 'abcd', false],
  ])('safeEqual: %s', (_l, a, b, expected) => expect(safeEqual(a, b)).toBe(expected));

  test('the cookie takes the __Host- prefix only over https', () => {
    expect(sessionCookieName(true)).toBe('__Host-fh_session');
    expect(sessionCookieName(false)).toBe('fh_session');
  });
});

describe('Discord avatars', () => {
  test.each([
    ['own png avatar', { id: '80351110224678912', avatar: 'abc' }, 'https://cdn.discordapp.com/avatars/80351110224678912/abc.png'],
    ['animated avatar', { id: '1', avatar: 'a_xyz' }, 'https://cdn.discordapp.com/avatars/1/a_xyz.gif'],
    ['migrated user default: (id >> 22) % 6', { id: '80351110224678912', avatar: null }, `https://cdn.discordapp.com/embed/avatars/${Number((80351110224678912n >> 22n) % 6n)}.png`],
    ['legacy discriminator default: discriminator % 5', { id: '1', avatar: null, discriminator: '1337' }, 'https://cdn.discordapp.com/embed/avatars/2.png'],
  ])('%s', (_l, profile, url) => expect(avatarUrlOf(profile)).toBe(url));
});

describe('demo provider audience', () => {
  test.each([
    ['127.0.0.1', true], ['127.8.9.10', true], ['::1', true], ['::ffff:127.0.0.1', true],
    ['10.0.0.5', false], ['192.168.1.2', false], ['::ffff:8.8.8.8', false], ['2001:db8::1', false], [undefined, false],
  ])('%s loopback: %s', (address, expected) => expect(isLoopback(address)).toBe(expected));
});
