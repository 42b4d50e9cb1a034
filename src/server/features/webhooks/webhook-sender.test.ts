import { describe, expect, test } from 'vitest';
import { deliveryUrl, scrub, sendMessage } from './webhook-sender.ts';

const HOOK = 'https://discord.com/api/webhooks/123456789012345678/s3cr3t-T0ken_abc';
const answering = (res: Response | (() => never)) => (async () => (typeof res === 'function' ? res() : res)) as unknown as typeof fetch;
const send = (res: Response | (() => never)) => sendMessage('https://relay.test/x', '{}', HOOK, { timeoutMs: 1000, fetch: answering(res) });

describe('where a message goes', () => {
  test('Discord itself, or the relay with the webhook’s path', () => {
    expect(deliveryUrl(HOOK, undefined)).toBe(HOOK);
    expect(deliveryUrl(HOOK, 'http://127.0.0.1:9999/')).toBe('http://127.0.0.1:9999/api/webhooks/123456789012345678/s3cr3t-T0ken_abc');
    expect(deliveryUrl(HOOK, 'https://relay.example/discord')).toBe('https://relay.example/discord/api/webhooks/123456789012345678/s3cr3t-T0ken_abc');
  });
  test('never anywhere but a Discord webhook', () => {
    expect(deliveryUrl('https://example.com/api/webhooks/1/x', undefined)).toBeNull();
    expect(deliveryUrl('http://discord.com/api/webhooks/1/x', 'http://127.0.0.1:1')).toBeNull();
  });
  test('the id and token never appear in an error', () => {
    expect(scrub(`failed for ${HOOK}`, HOOK)).toBe('failed for https://discord.com/api/webhooks/…/…');
  });
});

describe('what an answer means', () => {
  test('2xx is sent, with Discord’s rate-limit window', async () => {
    expect(await send(new Response(null, { status: 204, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset-after': '1.5' } })))
      .toEqual({ kind: 'sent', status: 204, rateLimit: { remaining: 0, resetAfterMs: 1500 } });
    expect(await send(new Response('{}', { status: 200 }))).toEqual({ kind: 'sent', status: 200, rateLimit: undefined });
  });
  test('429 waits retry_after (body, else the header)', async () => {
    expect(await send(Response.json({ message: 'You are being rate limited.', retry_after: 0.75, global: false }, { status: 429 })))
      .toEqual({ kind: 'rate-limited', status: 429, retryAfterMs: 750, global: false });
    // Discord's header rounds the body's wait up to whole seconds: the body's is the one waited
    expect(await send(Response.json({ message: 'You are being rate limited.', retry_after: 0.25, global: false }, { status: 429, headers: { 'retry-after': '1' } })))
      .toEqual({ kind: 'rate-limited', status: 429, retryAfterMs: 250, global: false });
    expect(await send(new Response('slow down', { status: 429, headers: { 'retry-after': '4', 'x-ratelimit-global': 'true' } })))
      .toEqual({ kind: 'rate-limited', status: 429, retryAfterMs: 4000, global: true });
  });
  test('401, 403 and 404 mean the webhook is gone; another 4xx is refused; 5xx is tried again', async () => {
    expect(await send(Response.json({ message: 'Unknown Webhook', code: 10015 }, { status: 404 })))
      .toEqual({ kind: 'refused', status: 404, error: 'HTTP 404: Unknown Webhook (10015)', webhookGone: true });
    expect(await send(Response.json({ message: 'Invalid Webhook Token', code: 50027 }, { status: 401 }))).toMatchObject({ kind: 'refused', webhookGone: true });
    expect(await send(Response.json({ message: 'Cannot send an empty message', code: 50006 }, { status: 400 }))).toMatchObject({ kind: 'refused', webhookGone: false });
    expect(await send(new Response(null, { status: 302, headers: { location: 'https://elsewhere.test' } })))
      .toEqual({ kind: 'refused', status: 302, error: 'HTTP 302: redirected (not followed)', webhookGone: false });
    expect(await send(new Response('<html>bad gateway</html>', { status: 502 }))).toEqual({ kind: 'failed', status: 502, error: 'HTTP 502: <html>bad gateway</html>' });
  });
  test('no answer: a timeout or a refused connection is tried again, named without the address', async () => {
    const timeout = () => { throw Object.assign(new Error('The operation was aborted due to timeout'), { name: 'TimeoutError' }); };
    expect(await send(timeout)).toEqual({ kind: 'failed', status: null, error: 'no answer within 1 s' });
    const refused = () => { throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }); };
    expect(await send(refused)).toEqual({ kind: 'failed', status: null, error: 'could not reach the webhook (ECONNREFUSED)' });
  });
  test('an answer is read only up to a bound', async () => {
    const huge = new Response('x'.repeat(5_000_000), { status: 500 });
    const out = await send(huge);
    expect(out.kind === 'failed' && out.error.length).toBeLessThanOrEqual(220);
  });
});
