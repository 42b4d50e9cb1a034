// Text the site puts in a Discord message (issue 38): whatever a player, a host or a route wrote is
// shown as written, never as markdown, a mention, a masked link, an emoji or a timestamp. Every
// message of the bot, the direct messages and the webhooks quotes site text only through
// escapeMarkdown; no message pings anyone either way (allowed_mentions parses nothing).

/** Discord's limit on a message's text. */
export const CONTENT_MAX = 2000;

/** Discord markdown made plain text: each special character behind a backslash, on one line. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\*_~`|>#\-[\]()<:@]/g, (c) => `\\${c}`).replace(/\s+/g, ' ').trim();
}

/** Bold site text. */
export const bold = (text: string) => `**${escapeMarkdown(text)}**`;

/** At most `max` characters, the last one an ellipsis when cut. */
export function clip(text: string, max = CONTENT_MAX): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/**
 * A moment each reader sees in their own time zone: F (day, date and time), f (date and time),
 * t (time), R (relative: "in 20 minutes").
 */
export function discordTime(at: Date | string, style: 'F' | 'f' | 't' | 'R' = 'F'): string {
  return `<t:${Math.floor(new Date(at).getTime() / 1000)}:${style}>`;
}

/** A user mention (shown as the name; allowed_mentions keeps it from pinging). */
export const mention = (discordId: string) => `<@${discordId}>`;
