// What the bot's API tests share: interactions signed as Discord signs them, a fake Discord on
// DISCORD_API_URL that records every call and answers as a test scripts it (429, 5xx, 50007), a fake
// CDN, and the prelude of a file whose server talks to them.
import { generateKeyPairSync, sign } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, vi } from 'vitest';
import { apiTest, type TestUser } from '../../test/api-test.ts';
import type { TestServerOptions } from '../../test/test-server.ts';
import { ok } from '../tournaments/tournament-test-kit.ts';

export const BOT_TOKEN = 'bot-token-secret';
export const INTERACTION_TOKEN = 'interaction-token-secret';
const { publicKey, privateKey } = generateKeyPairSync('ed25519');
export const PUBLIC_HEX = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('hex');

export type Reply = {
  type: number;
  data?: { content?: string; flags?: number; components?: { components: { custom_id?: string; label?: string; url?: string; style?: number }[] }[] };
};

/** A message's text as Discord shows it: a backslash before a character that is not a letter, digit or space is not shown. */
export const shown = (content: string | undefined) => (content ?? '').replace(/\\([^\p{L}\p{N}\s])/gu, '$1');

/** A new interaction id each time (a second delivery of one id is a replay, answered without acting). */
let lastId = BigInt(Date.now()) * 1000n;
export const interactionId = () => String(++lastId);

export const discordUser = (id: string) => ({ id, username: `u${id.slice(-4)}`, discriminator: '0', global_name: null, avatar: null });

export function botClient(baseUrl: () => string) {
  async function signed(body: unknown): Promise<Reply> {
    const raw = JSON.stringify(body);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = sign(null, Buffer.from(timestamp + raw), privateKey).toString('hex');
    return ok<Reply>(await fetch(`${baseUrl()}/api/discord/interactions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-signature-ed25519': signature, 'x-signature-timestamp': timestamp },
      body: raw,
    }));
  }
  const base = { application_id: '123456', token: INTERACTION_TOKEN, version: 1 };
  return {
    signed,
    slash: (id: string, name: string, options: unknown[] = [], resolved?: unknown) =>
      signed({ ...base, id: interactionId(), type: 2, data: { id: '9', name, type: 1, options, ...(resolved !== undefined && { resolved }) }, guild_id: '42', member: { user: discordUser(id), roles: [] } }),
    /** a button pressed in a DM (user) */
    press: (id: string, customId: string) => signed({ ...base, id: interactionId(), type: 3, data: { custom_id: customId, component_type: 2 }, user: discordUser(id) }),
  };
}

type Rows = { components: { custom_id?: string; label?: string; url?: string }[] }[];
/** The custom_id of the button labelled `label` among a message's rows. */
export function buttonId(rows: Rows | undefined, label: string): string {
  const found = (rows ?? []).flatMap((r) => r.components).find((c) => c.label === label);
  if (!found?.custom_id) throw new Error(`no button ${label}`);
  return found.custom_id;
}

export interface FakeCall { method: string; path: string; auth: string | undefined; body: Record<string, unknown>; at: number }
type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

/** A fake Discord: DM channels are `c<recipient>`; `script` answers a call instead (once each). */
export async function fakeDiscord() {
  const calls: FakeCall[] = [];
  const script: ((c: FakeCall) => Answer | undefined)[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c));
    req.on('end', () => {
      const call: FakeCall = { method: req.method!, path: req.url!.replace(/^\/api\/v10/, ''), auth: req.headers.authorization, body: raw ? JSON.parse(raw) as Record<string, unknown> : {}, at: Date.now() };
      calls.push(call);
      let answer: Answer | undefined;
      for (let i = 0; i < script.length && !answer; i++) {
        answer = script[i]!(call);
        if (answer) script.splice(i, 1);
      }
      if (!answer) {
        if (call.path === '/users/@me/channels') answer = { status: 200, body: { id: `c${String(call.body.recipient_id)}`, type: 1 } };
        else answer = { status: 200, body: { id: String(calls.length) } };
      }
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers }).end(JSON.stringify(answer.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v10`,
    calls,
    /** the next call `match` accepts is answered `answer` instead */
    once(match: (c: FakeCall) => boolean, answer: Answer) {
      script.push((c) => (match(c) ? answer : undefined));
    },
    /** the messages posted to a DM channel */
    messagesTo: (discordId: string) => calls.filter((c) => c.method === 'POST' && c.path === `/channels/c${discordId}/messages`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A fake Discord CDN on DISCORD_CDN_URL: serves the files a test puts, records every request. */
export async function fakeCdn() {
  const files = new Map<string, string | Buffer>();
  const requests: string[] = [];
  const cut = new Set<string>();
  const server = http.createServer((req, res) => {
    requests.push(req.url!);
    const file = files.get(req.url!);
    if (file === undefined) return res.writeHead(404).end();
    if (!cut.has(req.url!)) return res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(file);
    // the connection drops halfway through the body it announced
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(Buffer.byteLength(file)) });
    res.write(Buffer.from(file).subarray(0, Math.floor(Buffer.byteLength(file) / 2)));
    setTimeout(() => req.socket.destroy(), 10);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    /** the attachment as an interaction's resolved data names it */
    put(id: string, filename: string, content: string | Buffer, statedSize = Buffer.byteLength(content)) {
      const path = `/attachments/1/${id}/${encodeURIComponent(filename)}`;
      files.set(path, content);
      return { id, filename, size: statedSize, url: `${url}${path}`, proxy_url: `${url}${path}` };
    },
    /** a file whose body stops halfway (the connection drops) */
    putCut(id: string, filename: string, content: string) {
      const file = this.put(id, filename, content);
      cut.add(new URL(file.url).pathname);
      return file;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A slash command whose `file` option is an attachment (its value the id, the file in resolved data). */
export function withAttachment(options: unknown[], file: { id: string }) {
  return { options: [...options, { name: 'file', type: 11, value: file.id }], resolved: { attachments: { [file.id]: file } } };
}

type FakeDiscord = Awaited<ReturnType<typeof fakeDiscord>>;
type FakeCdn = Awaited<ReturnType<typeof fakeCdn>>;

/** Waits until `check` holds (8 s at most, looking every 25 ms). */
export const until = (check: () => Promise<boolean> | boolean) => vi.waitFor(async () => expect(await check()).toBe(true), { timeout: 8_000, interval: 25 });

export type DmBody = { content: string; components?: { components: { label: string; custom_id?: string; url?: string }[] }[] };
/** The DMs a player got whose text holds `words`; `dm` waits for one and is the last. */
export function dmsOf(discord: FakeDiscord) {
  const dms = (id: string, words: string) => discord.messagesTo(id).map((c: FakeCall) => c.body as unknown as DmBody).filter((b) => b.content.includes(words));
  const dm = async (id: string, words: string): Promise<DmBody> => {
    await until(() => dms(id, words).length > 0);
    return dms(id, words).at(-1)!;
  };
  return { dms, dm };
}

/**
 * apiTest for a server with the bot on, talking to a fake Discord (and with `cdn`, a fake CDN on
 * DISCORD_CDN_URL) that start now and close after the server: await it at the top of the file.
 * `env` adds to (or overrides) the bot's settings; `bot` sends interactions to the file's server.
 */
export async function botApiTest<U extends Record<string, TestUser>, C extends boolean = false>(
  users: U,
  { env = {}, cdn, ...options }: TestServerOptions & { env?: Record<string, string>; cdn?: C } = {},
) {
  const [discord, files] = await Promise.all([fakeDiscord(), cdn ? fakeCdn() : undefined]);
  // registered before apiTest's: after hooks run last to first, so these close after the server
  afterAll(() => Promise.all([discord.close(), files?.close()]));
  const test = apiTest(users, {
    DISCORD_BOT_TOKEN: BOT_TOKEN, DISCORD_PUBLIC_KEY: PUBLIC_HEX, DISCORD_APPLICATION_ID: '123456', DISCORD_API_URL: discord.url,
    ...(files && { DISCORD_CDN_URL: files.url }), ...env,
  }, options);
  return { ...test, discord, cdn: files as C extends true ? FakeCdn : undefined, bot: botClient(() => test.server.url) };
}
