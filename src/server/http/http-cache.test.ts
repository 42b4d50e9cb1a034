import { describe, expect, test } from 'vitest';
import { Lru, contentEtag, etagMatches, pickEncoding } from './http-cache.ts';

describe('etagMatches', () => {
  const etag = 'W/"abc"';
  test.each([
    ['the same weak tag', 'W/"abc"', true],
    ['the strong form of it (weak comparison)', '"abc"', true],
    ['one of a list', '"x", W/"abc"', true],
    ['any', '*', true],
    ['another tag', 'W/"abd"', false],
    ['no header', undefined, false],
  ])('%s', (_why, header, match) => {
    expect(etagMatches(header, etag)).toBe(match);
  });
});

describe('pickEncoding', () => {
  test.each([
    ['brotli first when both are accepted', 'gzip, deflate, br', 'br'],
    ['gzip alone', 'gzip', 'gzip'],
    ['q=0 refuses an encoding', 'br;q=0, gzip', 'gzip'],
    ['a wildcard means gzip', '*', 'gzip'],
    ['deflate only: send as is', 'deflate', undefined],
    ['identity', 'identity', undefined],
    ['no header', undefined, undefined],
  ])('%s', (_why, header, encoding) => {
    expect(pickEncoding(header)).toBe(encoding);
  });
});

test('contentEtag: equal bytes, equal tags; different bytes, different tags', () => {
  expect(contentEtag('a')).toBe(contentEtag(Buffer.from('a')));
  expect(contentEtag('a')).not.toBe(contentEtag('b'));
  expect(contentEtag('a')).toMatch(/^W\/"[\w-]+"$/);
});

test('Lru drops the least recently used entry', () => {
  const lru = new Lru<string, number>(2);
  lru.set('a', 1);
  lru.set('b', 2);
  lru.get('a');
  lru.set('c', 3);
  expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual([1, undefined, 3]);
});
