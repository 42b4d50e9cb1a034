// What an event posts to its Discord webhook: check-in open, each round's pairings with table
// numbers, the champion. Each message is an embed with the event page's link. Discord's limits
// (https://discord.com/developers/docs/resources/message#embed-object-embed-limits): a description
// of 4,096 characters, 6,000 in all the embeds of a message, 256 in a title; long pairings are
// split into several messages. Names are the players' own text: markdown is escaped and no
// mention ever pings (allowed_mentions parses nothing).

export interface DiscordEmbed {
  title: string;
  description?: string;
  url?: string;
  color?: number;
  fields?: { name: string; value: string; inline?: boolean }[];
  footer?: { text: string };
  timestamp?: string;
}

export interface DiscordMessage {
  content?: string;
  embeds: DiscordEmbed[];
  allowed_mentions: { parse: never[] };
}

import { STATUS_LABEL, type CardStatus } from '../banlists/statuses.ts';
import { statusOfVote, type Vote } from '../judgement/votes.ts';
import { bold, CONTENT_MAX, discordTime, escapeMarkdown } from './markdown.ts';

export const DESCRIPTION_MAX = 4096;
export const TITLE_MAX = 256;
export const MESSAGE_EMBEDS_TOTAL_MAX = 6000;
/** room kept under the description limit for the round's closing line */
const PAIRINGS_CHUNK = 3900;

/** The status colours of the site (spec 1 §9): green for news, yellow for the champion. */
const GREEN = 0x22c55e;
const BLUE = 0x3b82f6;
const GOLD = 0xeab308;

/** A title within Discord's 256 characters. */
function title(text: string): string {
  return text.length <= TITLE_MAX ? text : `${text.slice(0, TITLE_MAX - 1)}…`;
}

const message = (embeds: DiscordEmbed[]): DiscordMessage => ({ embeds, allowed_mentions: { parse: [] } });

export interface EventRef {
  name: string;
  url: string;
}

export function checkInOpenMessage(event: EventRef, startsAt: string | null): DiscordMessage {
  return message([{
    title: title(`Check-in is open: ${escapeMarkdown(event.name)}`),
    description: `Check in on the event page${startsAt ? ` before the start, ${discordTime(startsAt)}` : ' before the start'}. Teams that have not checked in are dropped when the event starts.`,
    url: event.url,
    color: GREEN,
  }]);
}

export interface Pairing {
  /** null for a bye */
  table: number | null;
  team1: string;
  /** null: a bye */
  team2: string | null;
}

/** One line per table, split into messages within Discord's limits; part k of n in each title. */
export function pairingsMessages(event: EventRef, round: number, roundLabel: string, pairings: readonly Pairing[], endsAt: string | null): DiscordMessage[] {
  const lines = pairings.map((p) =>
    p.team2 === null
      ? `**Bye** · ${escapeMarkdown(p.team1)}`
      : `**Table ${p.table}** · ${escapeMarkdown(p.team1)} vs ${escapeMarkdown(p.team2)}`);
  const chunks: string[] = [];
  let current = '';
  for (const line of lines.length ? lines : ['No matches this round.']) {
    const piece = line.length > PAIRINGS_CHUNK ? `${line.slice(0, PAIRINGS_CHUNK - 1)}…` : line;
    if (current && current.length + 1 + piece.length > PAIRINGS_CHUNK) {
      chunks.push(current);
      current = '';
    }
    current = current ? `${current}\n${piece}` : piece;
  }
  chunks.push(current);
  const closing = endsAt ? `\n\nThe round ends ${discordTime(endsAt, 't')} (${discordTime(endsAt, 'R')}).` : '';
  return chunks.map((chunk, i) => {
    const part = chunks.length > 1 ? ` (${i + 1} of ${chunks.length})` : '';
    return message([{
      title: title(`${roundLabel} pairings${part}: ${escapeMarkdown(event.name)}`),
      description: i === chunks.length - 1 ? chunk + closing : chunk,
      url: event.url,
      color: BLUE,
      footer: { text: `Round ${round}` },
    }]);
  });
}

export interface ChampionInfo {
  teamName: string;
  wins: number;
  losses: number;
  ties: number;
  members: string[];
}

export function championMessage(event: EventRef, champion: ChampionInfo, reportUrl?: string): DiscordMessage {
  const members = champion.members.map(escapeMarkdown).join(', ');
  return message([{
    title: title(`${escapeMarkdown(champion.teamName)} wins ${escapeMarkdown(event.name)}`),
    description: [
      `Record ${champion.wins}-${champion.losses}-${champion.ties}${members ? ` · ${members}` : ''}`,
      `[Final standings](${event.url})${reportUrl ? ` · [Event report](${reportUrl})` : ''}`,
    ].join('\n'),
    url: reportUrl ?? event.url,
    color: GOLD,
  }]);
}

/** 'Send a test message' (issue 30 §1): the host checks that the channel gets the event's posts. */
export function testMessage(event: EventRef, by: string): DiscordMessage {
  return message([{
    title: title(`Test message: ${escapeMarkdown(event.name)}`),
    description: `${escapeMarkdown(by)} checked that this channel gets the event's posts: check-in, each round's pairings and the champion will appear here.`,
    url: event.url,
    color: BLUE,
  }]);
}

/** Characters Discord counts against the 6,000 of a message's embeds. */
export function embedsLength(m: DiscordMessage): number {
  return m.embeds.reduce((n, e) => n + e.title.length + (e.description?.length ?? 0) + (e.footer?.text.length ?? 0)
    + (e.fields ?? []).reduce((k, f) => k + f.name.length + f.value.length, 0), 0);
}

/** The site's own channel (DISCORD_WEBHOOK_URL): a banlist published by the judgement board, one line per card that changed. */
export interface PublishedList {
  name: string;
  date: string;
  /** the cards that changed: their status on the list before, and the board's decision */
  entries: readonly { cardName: string; currentStatus: CardStatus; currentOpinion: Vote }[];
}

export function banlistPublishedMessage(p: PublishedList, siteUrl?: string): { content: string; allowed_mentions: { parse: never[] } } {
  const lines = p.entries.map((e) => {
    const status = statusOfVote(e.currentOpinion);
    return `• ${escapeMarkdown(e.cardName)}: ${STATUS_LABEL[e.currentStatus]} → ${status ? STATUS_LABEL[status] : e.currentOpinion}`;
  });
  const head = `${bold(p.name)} is published, effective ${p.date}.`;
  const foot = siteUrl ? `\n${siteUrl}/banlist` : '';
  let text = [head, ...lines].join('\n') + foot;
  if (text.length > CONTENT_MAX) text = `${text.slice(0, CONTENT_MAX - foot.length - 2)}…${foot}`;
  return { content: text, allowed_mentions: { parse: [] } };
}
