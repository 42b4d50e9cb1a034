// The league's direct messages (issue 41), as the body Discord's Create Message takes: paired (the
// opponent, the room and its password), the opponent's report (Confirm, Dispute), a match the hosts
// decided, a run over (its record), the league final (the player's place). The server finds who
// and what; these only write. Every site text (the league's name, people's names) is escaped.
import { runPoints } from '../leagues/leaderboard.ts';
import { rows, score } from './buttons.ts';
import type { DmBody } from './dm-messages.ts';
import { leagueAnswerButtons, leagueLink, leagueReportButton, type LeagueRef } from './league-buttons.ts';
import { bold, discordTime, escapeMarkdown, mention } from './markdown.ts';

const text = (content: string, components?: DmBody['components']): DmBody =>
  ({ content, allowed_mentions: { parse: [] }, ...(components && components.length > 0 && { components }) });

/** 1st, 2nd, 3rd, 4th … 11th, 12th, 13th … 21st. */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** A run's record: its wins and losses, and the points they give (one more for a run that won every match). */
export function runRecord(r: { wins: number; losses: number }, matchesPerRun: number): string {
  const points = runPoints(r.wins, matchesPerRun);
  const perfect = r.wins >= matchesPerRun ? ', a perfect run' : '';
  return `${score(r.wins, r.losses)} (${points} point${points === 1 ? '' : 's'}${perfect})`;
}

export interface PairedMatch {
  matchId: number;
  opponentName: string;
  opponentId: string;
  /** the EDOPro room made for the match (its two players read it) */
  room: { name: string; password: string } | null;
  bestOf: number;
}

/** The lines of a pairing: the opponent (a mention, which pings nobody), the room and its password. */
export function pairedLines(league: LeagueRef, p: PairedMatch): string[] {
  return [
    `${bold(league.name)}: you are paired with ${escapeMarkdown(p.opponentName)} (${mention(p.opponentId)}).`,
    ...(p.room ? [`Room: \`${p.room.name}\``, `Password: \`${p.room.password}\``] : []),
    `Play a best of ${p.bestOf} in EDOPro, then report the result here or on the site.`,
  ];
}

export function leaguePairedDm(league: LeagueRef, p: PairedMatch): DmBody {
  return text(pairedLines(league, p).join('\n'), rows([leagueReportButton(league.id, p.matchId), ...leagueLink(league)]));
}

/** The opponent reported: the player confirms it or disputes it for the hosts; unanswered, it stands at `confirmBy`. */
export function leagueReportedDm(league: LeagueRef, r: { matchId: number; reporterName: string; yourGames: number; theirGames: number; confirmBy: string }): DmBody {
  return text(
    `${bold(league.name)}: ${escapeMarkdown(r.reporterName)} reported **${score(r.yourGames, r.theirGames)}** for you (your games first). `
      + `Confirm it, or dispute it for the league’s hosts. Unanswered, it stands ${discordTime(r.confirmBy, 'R')}.`,
    rows([...leagueAnswerButtons(league.id, r.matchId), ...leagueLink(league)]),
  );
}

/** The hosts decided the player's match (a dispute, or a match left open at the end). */
export function leagueDecidedDm(league: LeagueRef, d: { opponentName: string; yourGames: number; theirGames: number; won: boolean }): DmBody {
  const outcome = d.won ? `you won ${score(d.yourGames, d.theirGames)}` : `${escapeMarkdown(d.opponentName)} won (your games first: ${score(d.yourGames, d.theirGames)})`;
  return text(`${bold(league.name)}: the hosts decided your match against ${escapeMarkdown(d.opponentName)}: ${outcome}.`, rows(leagueLink(league)));
}

/** Every match of the run has its result: the record, and the next run. */
export function leagueRunEndedDm(league: LeagueRef, r: { wins: number; losses: number; matchesPerRun: number; open: boolean }): DmBody {
  const next = r.open ? ' Start another run with /league join.' : '';
  return text(`${bold(league.name)}: your run is over: ${runRecord(r, r.matchesPerRun)}.${next}`, rows(leagueLink(league)));
}

export interface FinalPlace { place: number; shared: boolean; of: number; points: number; matchWins: number; matchLosses: number; runs: number; top8: boolean }

/** The league is final: the player's place on its leaderboard. */
export function leagueFinalDm(league: LeagueRef, f: FinalPlace): DmBody {
  const place = `${f.shared ? 'tied for ' : ''}${ordinal(f.place)} of ${f.of}`;
  const record = `${f.points} point${f.points === 1 ? '' : 's'}, ${score(f.matchWins, f.matchLosses)} over ${f.runs} run${f.runs === 1 ? '' : 's'}`;
  return text(`${bold(league.name)} is final. You finished ${place} (${record})${f.top8 ? ': in the top 8!' : '.'}`, rows(leagueLink(league)));
}
