// The bot's answers to a player's commands (/events, /table, /standings, /signup, /deck, /checkin,
// /drop, /notifications, /card) and its refusals: each from what the site's routes answered. Every
// site text is escaped; nothing pings anyone.
import { InteractionResponseType, MessageFlags, type APIInteractionResponse } from 'discord-api-types/v10';
import { dropRows } from './buttons.ts';
import { bold, discordTime, escapeMarkdown, mention } from './markdown.ts';
import { message, privateMessage, updateMessage } from './responses.ts';

export const NOT_YOURS = 'This button is not yours: nothing changed.';
// the bot's own refusals (a route's are its own sentences): quoted through `refusal`, escaped there
export const PROFILE_UNREADABLE = 'Your Discord profile could not be read';
export const NO_OWN_EVENT = 'You play in no running or upcoming event: name one with the event option';
export const noEventCalled = (typed: string) => `No event called “${typed.trim().slice(0, 100)}”: pick one from the list`;
export const NO_SIGNUPS = 'No event takes sign-ups now';
export const manyOpen = (n: number) => `${n} events are open: name one with the event option`;
export const PICK_A_CARD = 'name: pick a card from the list';
export const noCardCalled = (typed: string) => `No card called “${typed.trim().slice(0, 100)}”`;
export const FILE_NOT_YDK = 'file: send a .ydk file (as EDOPro saves decks)';
export const FILE_NOT_ATTACHMENT = 'file: not a Discord attachment';
export const fileTooBig = (maxBytes: number) => `file: at most ${maxBytes / 1024} KB (a deck is about 1 KB)`;
export const FILE_NOT_SENT = 'file: Discord did not send the file: try again';
export const STALE_BUTTON = 'This button is no longer used: nothing changed.';
export const SOMETHING_WRONG = 'Something went wrong: try again, or use the site.';

/** A route's (or the bot's own) refusal, quoted as plain text. */
export const refusal = (sentence: string) => privateMessage(escapeMarkdown(sentence));

/** The user is over their per-user limit of interactions: only they wait. */
export const tooManyAnswer = (waitMs: number) => privateMessage(`Too many requests: try again in ${Math.max(1, Math.ceil(waitMs / 1000))} s`);

/** The same interaction delivered again while its first delivery is still being answered. */
export const ALREADY_ANSWERED = 'This interaction was already answered: nothing changed.';

export interface EventLine { uid: string; name: string; inProgress: boolean; currentRound: number; roundCount: number; teamCount: number; startsAt: string | null }

const LISTED = 10;
const eventLink = (origin: string, t: Pick<EventLine, 'uid' | 'name'>) => `[${escapeMarkdown(t.name)}](<${origin}/tournaments/${encodeURIComponent(t.uid)}>)`;

/** /events: running then upcoming events (already in that order), with links; the channel sees it. */
export function eventsAnswer(list: readonly EventLine[], origin: string): APIInteractionResponse {
  if (list.length === 0) return message(`No running or upcoming events. See every event at <${origin}/tournaments>.`);
  const running = list.filter((t) => t.inProgress).slice(0, LISTED);
  const upcoming = list.filter((t) => !t.inProgress).slice(0, LISTED);
  const lines: string[] = [];
  if (running.length) lines.push('**Running**', ...running.map((t) => `- ${eventLink(origin, t)}: round ${t.currentRound} of ${t.roundCount}, ${t.teamCount} teams`));
  if (upcoming.length) lines.push('**Upcoming**', ...upcoming.map((t) => `- ${eventLink(origin, t)}: ${t.startsAt ? discordTime(t.startsAt, 'f') : 'start not set'}, ${t.teamCount} signed up`));
  return message(lines.join('\n'));
}

export interface EventState { name: string; inProgress: boolean; completed: boolean; currentRound: number }

/**
 * Why a player's command about this round has nothing to show: the event not started or over, no
 * match this round, a bye; undefined when there is a match. `what` ends the not-started sentence.
 */
export function noMatchAnswer(event: EventState, entry: { matchId: number | null; bye: boolean }, what: { notStarted: string; bye: string }): APIInteractionResponse | undefined {
  const title = bold(event.name);
  if (!event.inProgress || event.completed) return privateMessage(`${title} ${event.completed ? 'is over' : `has not started: ${what.notStarted}`}.`);
  if (entry.matchId === null) return privateMessage(`${title}, round ${event.currentRound}: you have no match this round.`);
  if (entry.bye) return privateMessage(`${title}, round ${event.currentRound}: ${what.bye}.`);
  return undefined;
}

export interface TableMatch {
  table: number | null;
  complete: boolean;
  endsAt: string | null;
  room: { name: string; password: string } | null;
  opponentName: string;
  /** the opponent's active players */
  opponentIds: readonly string[];
}

/** /table: the player's match of the round, with its room and time left, as the event page shows it. */
export function tableAnswer(eventName: string, round: number, m: TableMatch, nowMs: number): APIInteractionResponse {
  const mentions = m.opponentIds.map(mention);
  const lines = [
    `${bold(eventName)}, round ${round}${m.table !== null ? `, table ${m.table}` : ''}`,
    `Opponent: ${escapeMarkdown(m.opponentName)}${mentions.length ? ` (${mentions.join(', ')})` : ''}`,
  ];
  if (m.room) lines.push(`Room: \`${m.room.name}\``, `Password: \`${m.room.password}\``);
  if (m.complete) lines.push('Your match is over.');
  else if (m.endsAt) lines.push(`Time left: ${Math.max(0, Math.ceil((Date.parse(m.endsAt) - nowMs) / 60_000))} min (ends ${discordTime(m.endsAt, 'R')})`);
  else lines.push('Time left: the round is untimed.');
  return privateMessage(lines.join('\n'));
}

export interface StandingLine { teamId: string; teamName: string; rank: number; placement: string | null; points: number; wins: number; losses: number; ties: number; dropped: boolean }

const TOP = 8;

/** /standings: the top 8 and the asker's own line; the channel sees it. */
export function standingsAnswer(eventName: string, final: boolean, rows: readonly StandingLine[], ownTeamUid: string | undefined): APIInteractionResponse {
  const title = `${bold(eventName)}${final ? ': final standings' : ': standings'}`;
  if (rows.length === 0) return message(`${title}: none yet.`);
  const line = (r: StandingLine) =>
    `${r.placement ?? `${r.rank}.`} ${escapeMarkdown(r.teamName)}: ${r.points} pts (${r.wins}-${r.losses}-${r.ties})${r.dropped ? ', dropped' : ''}`;
  const lines = [title, ...rows.slice(0, TOP).map(line)];
  const own = ownTeamUid !== undefined ? rows.find((r) => r.teamId === ownTeamUid) : undefined;
  if (own) lines.push(`You: ${line(own)}`);
  return message(lines.join('\n'));
}

export const signedUpAnswer = (teamName: string, eventName: string) =>
  privateMessage(`Signed up: ${bold(teamName)} plays in ${bold(eventName)}. Submit your deck with /deck (a .ydk file or a ydke:// text).`);

export const DECK_BOTH = 'Send a .ydk file or a ydke:// text, not both.';
export const DECK_NEITHER = 'Attach your .ydk file (file) or paste your ydke:// text (ydke).';
/** Problems a refused deck's answer lists; the rest are counted (Discord's 2,000 characters). */
const PROBLEMS_SHOWN = 10;

export function deckReceivedAnswer(d: { label: string; mainCount: number; extraCount: number; sideCount: number; approved: boolean }, eventName: string) {
  const counts = `Main ${d.mainCount}, Extra ${d.extraCount}, Side ${d.sideCount}`;
  const status = d.approved ? 'It is approved.' : 'It waits for the host’s deck check.';
  return privateMessage(`Deck “${escapeMarkdown(d.label)}” received for ${bold(eventName)} (${counts}). ${status}`);
}

/** The deck route's refusal and its problems, as the page lists them. */
export function deckRefusedAnswer(sentence: string, problems: readonly string[]) {
  const shown = problems.slice(0, PROBLEMS_SHOWN).map((p) => `• ${escapeMarkdown(p)}`);
  const more = problems.length > PROBLEMS_SHOWN ? [`…and ${problems.length - PROBLEMS_SHOWN} more: see the site`] : [];
  return privateMessage([escapeMarkdown(sentence), ...shown, ...more].join('\n'));
}

export const checkedInText = (teamName: string, eventName: string) => `Checked in: ${escapeMarkdown(teamName)} plays in ${bold(eventName)}.`;

export const dropPrompt = (teamName: string, event: { uid: string; name: string }, teamUid: string) =>
  privateMessage(`Drop ${escapeMarkdown(teamName)} from ${bold(event.name)}? You cannot come back in.`, dropRows(event.uid, teamUid));

export const droppedAnswer = (teamName: string) => updateMessage(`Dropped: ${escapeMarkdown(teamName)} is out of the event.`);

export const notificationsAnswer = (on: boolean) => privateMessage(on
  ? 'Direct messages are on: the bot messages you when you are paired and when your events need you.'
  : 'Direct messages are off: the bot will not message you about your events.');

const CARD_STATUS: Record<string, string> = {
  FORBIDDEN: 'Forbidden', LIMITED: 'Limited (1)', SEMI_LIMITED: 'Semi-Limited (2)', UNLIMITED: 'Unlimited', NONE: 'not on the list',
};

export interface CardLine { passcode: number; name: string; typeLine: string; status: string | null }

/** /card: the status on the current format list, the picture and the page (for the user alone). */
export function cardAnswer(card: CardLine, banlist: { name: string; date: string } | null, links: { page: string; image: string }): APIInteractionResponse {
  const status = card.status === null ? 'no format list yet' : `${CARD_STATUS[card.status] ?? escapeMarkdown(card.status)}${banlist ? ` on the ${escapeMarkdown(banlist.name)} list (${banlist.date})` : ''}`;
  return {
    type: InteractionResponseType.ChannelMessageWithSource,
    data: {
      content: `${bold(card.name)}: ${status}. <${links.page}>`,
      // an embed's title is shown as written (no mentions there); each cut to Discord's limits
      embeds: [{ title: card.name.slice(0, 256), url: links.page, description: card.typeLine.slice(0, 200), image: { url: links.image } }],
      allowed_mentions: { parse: [] },
      flags: MessageFlags.Ephemeral,
    },
  };
}
