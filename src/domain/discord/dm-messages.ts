// The bot's direct messages (issues 31 and 38): what each player is told of an evening, as the body
// Discord's Create Message takes. The server finds who and what; these only write.
import type { RESTPostAPIChannelMessageJSONBody } from 'discord-api-types/v10';
import { linkButton, opponentRows, reportButton, rows, score, siteLink, checkInButton } from './buttons.ts';
import { bold, discordTime, escapeMarkdown, mention } from './markdown.ts';

export type DmBody = RESTPostAPIChannelMessageJSONBody;
export interface DmEvent { uid: string; name: string; url: string }

const text = (content: string, components?: DmBody['components']): DmBody =>
  ({ content, allowed_mentions: { parse: [] }, ...(components && { components }) });

export interface PairingDm {
  round: number;
  table: number | null;
  matchId: number;
  /** the team this message is for (its Report result button names it) */
  teamUid: string;
  opponentName: string;
  /** the opponent's players, shown as mentions (nobody is pinged) */
  opponentIds: readonly string[];
  room: { name: string; password: string } | null;
  endsAt: string | null;
}

/** A round was paired: the table, the opponent, the room and the round's end, with 'Report result'. */
export function pairingDm(event: DmEvent, p: PairingDm): DmBody {
  const mentions = p.opponentIds.map(mention);
  const lines = [
    `${bold(event.name)}: round ${p.round}${p.table !== null ? `, table ${p.table}` : ''}`,
    `Opponent: ${escapeMarkdown(p.opponentName)}${mentions.length ? ` (${mentions.join(', ')})` : ''}`,
    ...(p.room ? [`Room: \`${p.room.name}\``, `Password: \`${p.room.password}\``] : []),
    p.endsAt ? `The round ends ${discordTime(p.endsAt, 'f')} (${discordTime(p.endsAt, 'R')})` : 'The round is untimed.',
  ];
  return text(lines.join('\n'), rows([reportButton(event.uid, p.matchId, p.teamUid), siteLink(event.url)]));
}

/** One side reported a score the other has not: the other side confirms it (their games first) or disputes it. */
export function opponentReportedDm(event: DmEvent, r: { round: number; matchId: number; reporterName: string; opponentTeamUid: string; theirGames: number; yourGames: number }): DmBody {
  return text(
    `${bold(event.name)}, round ${r.round}: ${escapeMarkdown(r.reporterName)} reported **${score(r.yourGames, r.theirGames)}** for you (your games first). Confirm it, or dispute it for the host.`,
    opponentRows(event.uid, r.matchId, r.opponentTeamUid, r.yourGames, r.theirGames),
  );
}

/** Check-in opened: 'Check in' checks in the presser's own team. */
export function checkInOpenedDm(event: DmEvent, startsAt: string | null): DmBody {
  const when = startsAt ? ` The event starts ${discordTime(startsAt, 'f')}.` : '';
  return text(
    `${bold(event.name)}: check-in is open.${when} Check in before the host starts: a team that has not checked in is dropped at the start.`,
    rows([checkInButton(event.uid), siteLink(event.url)]),
  );
}

export function noShowDm(event: DmEvent, teamName: string): DmBody {
  return text(`${bold(event.name)} has started without ${bold(teamName)}: the team had not checked in and was dropped as a no-show. Ask the host if this is a mistake.`);
}

export function topCutDm(event: DmEvent, cut: number): DmBody {
  return text(`${bold(event.name)}: you made the top ${cut}! Your table follows in the pairing message.`, rows([siteLink(event.url)]));
}

export interface SettledMatch {
  round: number;
  team1: string;
  team2: string;
  /** null: the flag was cleared and the match is still open */
  result: { team1Wins: number; team2Wins: number; winner: string | null } | null;
}

/** The host decided a disputed or flagged match. */
export function disputeSettledDm(event: DmEvent, m: SettledMatch): DmBody {
  const outcome = m.result
    ? `${bold(m.team1)} ${m.result.team1Wins}-${m.result.team2Wins} ${bold(m.team2)}${m.result.winner !== null ? `: ${bold(m.result.winner)} won` : ': a tie'}`
    : 'the flag is cleared and the match is still open: report its result';
  return text(`${bold(event.name)}, round ${m.round}: the host settled your match: ${outcome}.`, rows([siteLink(event.url)]));
}

export interface FinalPlace { champion: string; place: string; of: number; wins: number; losses: number; ties: number }

/** The winner is marked: the player's place and record, with the report. */
export function finalResultDm(event: DmEvent, r: FinalPlace): DmBody {
  return text(
    `${bold(event.name)} is over. Champion: ${bold(r.champion)}. You finished ${r.place} of ${r.of} (${r.wins}-${r.losses}-${r.ties}).`,
    rows([linkButton('Event report', `${event.url}/report`), siteLink(event.url)]),
  );
}
