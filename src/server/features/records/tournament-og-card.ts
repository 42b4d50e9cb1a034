// The picture of an event's link card before its report exists (issue 38 §3): its name, when it
// starts and where it stands, drawn on the link cards' frame (link-cards/og-card-svg.ts), with the
// event's own picture beside the text when it has one. Pure: the route renders it.
import type { Tournament } from '../../../domain/api/tournaments.ts';
import { FORMAT_LABEL } from '../../../domain/tournaments/formats.ts';
import { boldLine, OG_MARGIN, OG_WIDTH, ogFrame, plainLine, wrapText } from '../../link-cards/og-card-svg.ts';
import { cardDate } from '../../link-cards/link-card.ts';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** Where the event stands, as its page says it. */
export function eventState(t: Tournament): string {
  if (t.completed) return 'Completed';
  if (t.inProgress) return `Round ${t.currentRound} of ${t.roundCount}${t.lateEntryOpen ? ' · late entry open' : ''}`;
  if (t.checkInStatus.open) return 'Check-in open';
  return t.signupsOpen ? 'Sign-ups open' : 'Sign-ups closed';
}

/** 'Swiss → Top Cut, best of 3'. */
export const eventFormat = (t: Tournament) => `${FORMAT_LABEL[t.format]}, best of ${t.bestOf}`;

/** '8 players', or teams when a team has several. */
export const eventField = (t: Tournament) => plural(t.teamCount, t.playersTeam1 === 1 && t.playersTeam2 === 1 ? 'player' : 'team');

/** When it starts (or started: its first round), in UTC as every card says it. */
export function eventWhen(t: Tournament): string {
  const start = t.startsAt ?? t.roundStartDates[0];
  return start ? cardDate(start, true) : 'Start to be announced';
}

/** Where the event's own picture goes: a square right of the text. */
export const EVENT_INSET = { left: 760, top: 166, size: 360 } as const;

/** The 1200×630 drawing: 'EVENT', the name (two lines at most), its state, its start, format and field. */
export function eventCardSvg(t: Tournament, siteName: string, withPicture: boolean): string {
  // the text keeps clear of the picture when there is one
  const width = withPicture ? EVENT_INSET.left - 40 - OG_MARGIN : OG_WIDTH - 2 * OG_MARGIN;
  const title = wrapText(t.name, withPicture ? 20 : 28, 2);
  const titleY = title.length === 1 ? 290 : 262;
  const stateY = titleY + (title.length - 1) * 68 + 70;
  const frame = withPicture
    ? `<rect x="${EVENT_INSET.left - 4}" y="${EVENT_INSET.top - 4}" width="${EVENT_INSET.size + 8}" height="${EVENT_INSET.size + 8}" rx="10" fill="#6366f1" fill-opacity="0.5"/>`
    : '';
  return ogFrame(siteName, 'EVENT', [
    frame,
    ...title.map((line, i) => boldLine(line, titleY + i * 68, 56, '#ffffff', width)),
    boldLine(eventState(t), stateY, 40, '#fbbf24', width),
    plainLine(eventWhen(t), stateY + 60, 28, '#e0e7ff'),
    plainLine(`${eventFormat(t)} · ${eventField(t)}`, 540, 28, '#c7d2fe'),
  ].filter(Boolean).join('\n  '));
}
