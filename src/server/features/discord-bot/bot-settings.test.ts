// The bot's settings and its signature check, without a server.
import { generateKeyPairSync, sign } from 'node:crypto';
import { expect, test } from 'vitest';
import { discordApiUrl, discordBotSettings, parseEnv } from '../../env.ts';
import { publicKeyFromHex, verifyInteraction } from './verify.ts';

const KEY = 'ab'.repeat(32);

test('the bot is on with a token and a public key; the application id falls back to sign-in’s client id', () => {
  expect(discordBotSettings(parseEnv({ DISCORD_BOT_TOKEN: 't' }))).toBeUndefined();
  expect(discordBotSettings(parseEnv({ DISCORD_BOT_TOKEN: 't', DISCORD_PUBLIC_KEY: KEY.toUpperCase(), DISCORD_CLIENT_ID: '12', DISCORD_CLIENT_SECRET: 's' })))
    .toEqual({ token: 't', publicKey: KEY, applicationId: '12' });
  expect(() => parseEnv({ DISCORD_PUBLIC_KEY: 'not-hex' })).toThrow(/DISCORD_PUBLIC_KEY: must be 64 hex digits/);
  expect(discordApiUrl(parseEnv({}))).toBe('https://discord.com/api/v10');
});

test('the site’s own channel must be a Discord webhook, named when it is not', () => {
  expect(parseEnv({ DISCORD_WEBHOOK_URL: 'https://discord.com/api/webhooks/1/abc' }).DISCORD_WEBHOOK_URL).toBe('https://discord.com/api/webhooks/1/abc');
  expect(() => parseEnv({ DISCORD_WEBHOOK_URL: 'https://example.com/hook' })).toThrow(/DISCORD_WEBHOOK_URL: must be a Discord webhook URL/);
});

test('a signature is Ed25519 over timestamp + body, within five minutes', () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const key = publicKeyFromHex(Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('hex'));
  const body = Buffer.from('{"type":1}');
  const now = 1_800_000_000_000;
  const at = (s: number) => String(now / 1000 - s);
  const sig = (ts: string, b = body) => sign(null, Buffer.concat([Buffer.from(ts), b]), privateKey).toString('hex');
  expect(verifyInteraction(key, sig(at(0)), at(0), body, now)).toBe(true);
  expect(verifyInteraction(key, sig(at(299)), at(299), body, now)).toBe(true);
  expect(verifyInteraction(key, sig(at(301)), at(301), body, now)).toBe(false);
  expect(verifyInteraction(key, sig(at(0)), at(1), body, now)).toBe(false);
  expect(verifyInteraction(key, sig(at(0), Buffer.from('{"type":2}')), at(0), body, now)).toBe(false);
  expect(verifyInteraction(key, undefined, at(0), body, now)).toBe(false);
  expect(verifyInteraction(key, 'zz', at(0), body, now)).toBe(false);
});
