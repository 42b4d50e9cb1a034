/** Discord's three OAuth2 endpoints under one base (platform.md), real or the demo provider. */
export interface DiscordEndpoints {
  authorize: string;
  token: string;
  me: string;
}

export function discordEndpoints(base: string): DiscordEndpoints {
  const b = base.replace(/\/+$/, '');
  return { authorize: `${b}/oauth2/authorize`, token: `${b}/api/oauth2/token`, me: `${b}/api/v10/users/@me` };
}

export const DISCORD_BASE = 'https://discord.com';
export const DEMO_CLIENT_ID = 'format-hub-demo';
export const DEMO_CLIENT_SECRET = 'format-hub-demo-secret';
export const DEMO_PREFIX = '/demo-discord';
