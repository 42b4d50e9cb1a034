import { z } from 'zod';
import { DISCORD_WEBHOOK_URL } from '../domain/api/event-night.ts';

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const optionalUrl = z.string().url().optional();
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** Every setting the server reads; all optional (architecture.md "Settings"). */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.preprocess(blankToUndefined, z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional()),
  PUBLIC_URL: z.preprocess(blankToUndefined, optionalUrl),
  /** more host names to answer to, comma-separated (PUBLIC_URL's and loopback names always are) */
  ALLOWED_HOSTS: z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',').map((h) => h.trim()).filter(Boolean) : v),
    z.array(z.string().regex(/^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)$/, 'must be host names, comma-separated')).default([]),
  ),
  /**
   * which reverse proxies to believe about the visitor's address (X-Forwarded-For): addresses and
   * CIDRs, comma-separated ('loopback' for one on this machine); none by default
   */
  TRUST_PROXY: z.preprocess(
    blankToUndefined,
    z.string().regex(/^[A-Za-z0-9.:/,\s]+$/, 'must be addresses or CIDRs, comma-separated (or loopback)')
      .transform((v) => v.split(',').map((a) => a.trim()).filter(Boolean).join(','))
      .optional(),
  ),
  DISCORD_CLIENT_ID: z.preprocess(blankToUndefined, z.string().optional()),
  DISCORD_CLIENT_SECRET: z.preprocess(blankToUndefined, z.string().optional()),
  DISCORD_BASE_URL: z.preprocess(blankToUndefined, optionalUrl),
  SESSION_SECRET: z.preprocess(blankToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  DEMO_DATA: z.preprocess(blankToUndefined, flag.default(true)),
  DEMO_SIGN_IN: z.preprocess(blankToUndefined, z.enum(['loopback', 'anyone']).default('loopback')),
  /** 'Seed Test Data' on events (generated teams to rehearse); unset: on where demo data is (testDataAllowed) */
  TEST_DATA: z.preprocess(blankToUndefined, flag.optional()),
  SITE_NAME: z.string().min(1).default('Format Hub'),
  FORMAT_NAME: z.string().min(1).regex(/^[^/\\\r\n"]+$/, 'must be usable in a file name').default('Format Hub'),
  CARD_IMAGE_BASE_URL: z.preprocess(blankToUndefined, optionalUrl),
  CARD_IMAGE_DIR: z.preprocess(blankToUndefined, z.string().optional()),
  /** the site's own channel: a published banlist is posted to it (a Discord webhook URL) */
  DISCORD_WEBHOOK_URL: z.preprocess(blankToUndefined, z.string().regex(DISCORD_WEBHOOK_URL, 'must be a Discord webhook URL (https://discord.com/api/webhooks/…)').optional()),
  /**
   * deliver webhook posts here instead of DISCORD_API_URL (a self-hosted relay): the webhook's path
   * (/api/webhooks/{id}/{token}) is appended; the URL a host types stays Discord's
   */
  DISCORD_WEBHOOK_RELAY_URL: z.preprocess(blankToUndefined, optionalUrl),
  /** the bot (issue 31): without a token and a public key it is off and its endpoint answers 503 */
  DISCORD_BOT_TOKEN: z.preprocess(blankToUndefined, z.string().min(1).optional()),
  /** the application's Ed25519 public key (64 hex digits): every interaction is checked against it */
  DISCORD_PUBLIC_KEY: z.preprocess(blankToUndefined, z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits (the application\'s public key)').optional()),
  /** the bot's application; defaults to DISCORD_CLIENT_ID */
  DISCORD_APPLICATION_ID: z.preprocess(blankToUndefined, z.string().regex(/^\d{1,20}$/, 'must be a Discord id').optional()),
  /** register the commands in this server only (changes show at once) */
  DISCORD_GUILD_ID: z.preprocess(blankToUndefined, z.string().regex(/^\d{1,20}$/, 'must be a Discord id').optional()),
  /** every call to Discord goes to this base (tests, a relay): the bot's, and webhook posts unless DISCORD_WEBHOOK_RELAY_URL is set */
  DISCORD_API_URL: z.preprocess(blankToUndefined, optionalUrl),
  /** where attachments are fetched from */
  DISCORD_CDN_URL: z.preprocess(blankToUndefined, optionalUrl),
  /** folder of the built web app (default dist/web) */
  WEB_DIR: z.preprocess(blankToUndefined, z.string().optional()),
  /** multiplies the rate limits: for load tests and benchmarks only (default 1) */
  RATE_LIMIT_SCALE: z.preprocess(blankToUndefined, z.coerce.number().positive().max(10_000).default(1)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** live channel: open connections per client address (behind TRUST_PROXY, the visitor's); the excess gets an ERROR frame */
  LIVE_CONNECTIONS_PER_ADDRESS: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100_000).default(200)),
  /** live channel: SEND frames per second per client address, all its connections together (bursts of 4x) */
  LIVE_SENDS_PER_ADDRESS: z.preprocess(blankToUndefined, z.coerce.number().positive().max(100_000).default(50)),
  /** write a backup here on a schedule (embedded database and uploads); none when unset */
  BACKUP_DIR: z.preprocess(blankToUndefined, z.string().optional()),
  /** how often: a number and a unit (30m, 6h, 1d); default daily */
  BACKUP_EVERY: z.preprocess(
    blankToUndefined,
    z.string().regex(/^\d{1,6}\s*(m|h|d)$/, 'must be a number and m, h or d (30m, 6h, 1d)')
      .transform((v) => Number(v.slice(0, -1).trim()) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[v.slice(-1) as 'm' | 'h' | 'd'])
      .refine((ms) => ms >= 60_000, 'must be at least 1m')
      .default(86_400_000),
  ),
  /** how many scheduled backups to keep (the oldest are deleted) */
  BACKUP_KEEP: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(1000).default(7)),
}).superRefine((env, ctx) => {
  if (env.DISCORD_CLIENT_ID && !env.DISCORD_CLIENT_SECRET) {
    ctx.addIssue({ code: 'custom', path: ['DISCORD_CLIENT_SECRET'], message: 'is required when DISCORD_CLIENT_ID is set' });
  }
});

export type Env = z.infer<typeof envSchema>;

/** Parse settings, failing with every bad variable named. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new Error(`Invalid settings:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** True when the built-in demo identity provider stands in for Discord. */
export function usesDemoDiscord(env: Pick<Env, 'DISCORD_CLIENT_ID'>): boolean {
  return !env.DISCORD_CLIENT_ID;
}

/**
 * Whether events offer 'Seed Test Data' (decision 037): TEST_DATA when set, else on a demo site only, one
 * with DEMO_DATA on and the demo sign-in. A site with real Discord sign-in is a real community's, whose
 * events must not fill with teams nobody can sign in as; the test harnesses set TEST_DATA=1.
 */
export function testDataAllowed(env: Pick<Env, 'TEST_DATA' | 'DEMO_DATA' | 'DISCORD_CLIENT_ID'>): boolean {
  return env.TEST_DATA ?? (env.DEMO_DATA && usesDemoDiscord(env));
}

export const DISCORD_API_DEFAULT = 'https://discord.com/api/v10';
export const DISCORD_CDN_DEFAULT = 'https://cdn.discordapp.com';

/** The base of the bot's Discord calls, without a trailing slash. */
export function discordApiUrl(env: Pick<Env, 'DISCORD_API_URL'>): string {
  return (env.DISCORD_API_URL ?? DISCORD_API_DEFAULT).replace(/\/+$/, '');
}

/** The bot is on with a token and a public key; its application id falls back to sign-in's client id. */
export function discordBotSettings(env: Env): { token: string; publicKey: string; applicationId: string | undefined } | undefined {
  if (!env.DISCORD_BOT_TOKEN || !env.DISCORD_PUBLIC_KEY) return undefined;
  return { token: env.DISCORD_BOT_TOKEN, publicKey: env.DISCORD_PUBLIC_KEY.toLowerCase(), applicationId: env.DISCORD_APPLICATION_ID ?? env.DISCORD_CLIENT_ID };
}
