import { describe, expect, test } from 'vitest';
import { parseEnv, testDataAllowed, usesDemoDiscord } from './env.ts';

describe('settings', () => {
  test('defaults when nothing is set', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 8080, DATA_DIR: './data', DEMO_DATA: true, DEMO_SIGN_IN: 'loopback', SITE_NAME: 'Format Hub' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(usesDemoDiscord(env)).toBe(true);
  });

  test.each([
    ['DEMO_DATA=0 turns the demo seed off', { DEMO_DATA: '0' }, { DEMO_DATA: false }],
    ['DEMO_DATA=true keeps it on', { DEMO_DATA: 'true' }, { DEMO_DATA: true }],
    ['a blank variable counts as unset', { DATABASE_URL: '', DEMO_DATA: '' }, { DATABASE_URL: undefined, DEMO_DATA: true }],
    ['PORT is a number', { PORT: '3000' }, { PORT: 3000 }],
    ['postgres URLs are accepted', { DATABASE_URL: 'postgres://u@h:5432/db' }, { DATABASE_URL: 'postgres://u@h:5432/db' }],
  ])('%s', (_label, source, expected) => {
    expect(parseEnv(source)).toMatchObject(expected);
  });

  test('every bad variable is named at once', () => {
    expect(() => parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', DEMO_SIGN_IN: 'everyone', PUBLIC_URL: 'not a url' })).toThrowError(
      /PORT[\s\S]*DATABASE_URL[\s\S]*DEMO_SIGN_IN[\s\S]*PUBLIC_URL|PORT[\s\S]*PUBLIC_URL/,
    );
    try {
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', DEMO_SIGN_IN: 'everyone' });
    } catch (e) {
      const message = (e as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'DEMO_SIGN_IN']) expect(message).toContain(name);
    }
  });

  const realSignIn = { DISCORD_CLIENT_ID: 'abc', DISCORD_CLIENT_SECRET: 's' };
  test.each([
    ['a demo site (the defaults) offers it', {}, true],
    ['demo data off: a real site, none', { DEMO_DATA: '0' }, false],
    ['real Discord sign-in: a real community’s site, none, whatever DEMO_DATA says', realSignIn, false],
    ['TEST_DATA=1 turns it on anywhere (the test harnesses, a rehearsal)', { DEMO_DATA: '0', ...realSignIn, TEST_DATA: '1' }, true],
    ['TEST_DATA=0 turns it off on a demo site', { TEST_DATA: '0' }, false],
  ])('Seed Test Data: %s', (_label, source, allowed) => {
    expect(testDataAllowed(parseEnv(source))).toBe(allowed);
  });

  test('a Discord client id needs its secret, and turns the demo provider off', () => {
    expect(() => parseEnv({ DISCORD_CLIENT_ID: 'abc' })).toThrowError(/DISCORD_CLIENT_SECRET/);
    expect(usesDemoDiscord(parseEnv({ DISCORD_CLIENT_ID: 'abc', DISCORD_CLIENT_SECRET: 's' }))).toBe(false);
  });

  test('a short session secret is refused', () => {
    expect(() => parseEnv({ SESSION_SECRET: 'short' })).toThrowError(/SESSION_SECRET/);
  });

  test('backups: none without BACKUP_DIR, daily and the last 7 by default', () => {
    const env = parseEnv({});
    expect(env.BACKUP_DIR).toBeUndefined();
    expect(env).toMatchObject({ BACKUP_EVERY: 86_400_000, BACKUP_KEEP: 7 });
    expect(parseEnv({ BACKUP_DIR: '/backups', BACKUP_EVERY: '', BACKUP_KEEP: '' })).toMatchObject({ BACKUP_DIR: '/backups', BACKUP_EVERY: 86_400_000, BACKUP_KEEP: 7 });
  });

  test.each([
    ['30m', 30 * 60_000],
    ['6h', 6 * 3_600_000],
    ['2d', 2 * 86_400_000],
    ['90 m', 90 * 60_000],
    ['1m', 60_000],
  ])('BACKUP_EVERY=%s is %i ms', (every, ms) => {
    expect(parseEnv({ BACKUP_EVERY: every }).BACKUP_EVERY).toBe(ms);
  });

  test.each(['0m', '30s', '1w', 'daily', '-1h', '1.5h', '1234567d'])('BACKUP_EVERY=%s is refused with a sentence naming it', (every) => {
    expect(() => parseEnv({ BACKUP_EVERY: every })).toThrowError(/BACKUP_EVERY/);
  });

  test.each(['0', '1001', 'seven', '2.5'])('BACKUP_KEEP=%s is refused', (keep) => {
    expect(() => parseEnv({ BACKUP_KEEP: keep })).toThrowError(/BACKUP_KEEP/);
  });
});
