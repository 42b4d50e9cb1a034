// The league's direct messages (issue 41), queued inside each league write's own transaction through
// the league writer's listener (a rolled-back write queues nothing, a committed one is never lost)
// and sent by the DM outbox, kicked once the write has committed. The league knows nothing of
// Discord: it tells its listeners what each write did. Who is told what: both players when paired
// (the room), the opponent of a report (Confirm, Dispute), both players of a match the hosts decided,
// a player whose run has every result in (its record), every player when the league is final (their
// place). Nobody who turned direct messages off; nothing at all with the bot off.
import type { FastifyInstance } from 'fastify';
import type { LeagueRef } from '../../../domain/discord/league-buttons.ts';
import { leagueDecidedDm, leagueFinalDm, leaguePairedDm, leagueReportedDm, leagueRunEndedDm } from '../../../domain/discord/league-dms.ts';
import type { DmBody } from '../../../domain/discord/dm-messages.ts';
import { leaderboard } from '../../../domain/leagues/leaderboard.ts';
import type { Tx } from '../../db/client.ts';
import type { LeagueEvent } from '../leagues/league-writer.ts';
import { toMatch } from '../leagues/league-views.ts';
import * as Leagues from '../leagues/leagues-repository.ts';
import * as Repo from './dm-repository.ts';

interface Draft { discordId: string; kind: string; body: DmBody }

/** Hooks the league's writes to the DM outbox, when the bot is on. `origin`: the site's public address, for the league page's link. */
export function registerLeagueDirectMessages(app: FastifyInstance, { origin }: { origin: string | undefined }): void {
  const dms = app.discordDms;
  if (!dms) return;
  app.leagues.writer.onChange(async (tx, event) => {
    const drafts = await leagueDms(tx, event, origin ?? null);
    if (drafts.length === 0) return;
    const off = await Repo.dmOffAmong(tx, drafts.map((d) => d.discordId));
    const rows = drafts.filter((d) => !off.has(d.discordId)).map((d) => ({ ...d, tournamentUid: null }));
    if (rows.length === 0) return;
    await Repo.enqueue(tx, rows, new Date());
    event.afterCommit(() => dms.outbox.loop.kick());
  });
}

/** What this write tells whom. */
async function leagueDms(tx: Tx, e: LeagueEvent, origin: string | null): Promise<Draft[]> {
  const l = e.league;
  const league: LeagueRef = { id: l.id, name: l.name, url: origin ? `${origin}/leagues/${encodeURIComponent(l.id)}` : null };
  const drafts: Draft[] = [];
  const m = e.matchId !== null && ['paired', 'report', 'decide'].includes(e.action) ? await Leagues.findMatch(tx, l.id, e.matchId) : undefined;
  if (m) {
    const name = await Leagues.namesOf(tx, [m.player1Id, m.player2Id]);
    const seen = toMatch(m, name, { discordId: m.player1Id, host: false });
    const pairs = [[seen.player1, seen.player2], [seen.player2, seen.player1]] as const;
    if (e.action === 'paired') {
      for (const [own, other] of pairs) {
        const body = leaguePairedDm(league, { matchId: m.id, opponentName: other.displayName, opponentId: other.discordId, room: seen.room ?? null, bestOf: l.bestOf });
        drafts.push({ discordId: own.discordId, kind: 'league-paired', body });
      }
    }
    if (e.action === 'report' && seen.report) {
      const r = seen.report;
      const [reporter, opponent] = pairs.find(([own]) => own.discordId === r.byDiscordId) ?? pairs[0];
      const body = leagueReportedDm(league, { matchId: m.id, reporterName: reporter.displayName, yourGames: r.gamesLost, theirGames: r.gamesWon, confirmBy: r.confirmBy });
      drafts.push({ discordId: opponent.discordId, kind: 'league-report', body });
    }
    if (e.action === 'decide' && seen.state === 'complete') {
      for (const [own, other] of pairs) {
        const body = leagueDecidedDm(league, { opponentName: other.displayName, yourGames: own.games ?? 0, theirGames: other.games ?? 0, won: seen.winnerDiscordId === own.discordId });
        drafts.push({ discordId: own.discordId, kind: 'league-decided', body });
      }
    }
  }
  drafts.push(...(await runsEnded(tx, e, league)));
  if (e.change === 'final') drafts.push(...(await finalPlaces(tx, l, league)));
  return drafts;
}

/**
 * The runs whose last result came in this write (a confirmation, a decision, reports that stood):
 * complete (every match played) and no match left waiting for an answer or the hosts.
 */
async function runsEnded(tx: Tx, e: LeagueEvent, league: LeagueRef): Promise<Draft[]> {
  const completed = e.stood.map((m) => [m.run1Id, m.run2Id]).flat();
  if ((e.action === 'confirm' || e.action === 'decide') && e.matchId !== null) {
    const m = await Leagues.findMatch(tx, e.league.id, e.matchId);
    if (m?.state === 'complete') completed.push(m.run1Id, m.run2Id);
  }
  const drafts: Draft[] = [];
  for (const runId of new Set(completed)) {
    const page = await Leagues.runPage(tx, e.league.id, { runId });
    if (!page || page.run.status !== 'complete' || page.matches.some((m) => m.state !== 'complete' && m.state !== 'void')) continue;
    const body = leagueRunEndedDm(league, { wins: page.run.wins, losses: page.run.losses, matchesPerRun: e.league.matchesPerRun, open: e.league.closedAt === null });
    drafts.push({ discordId: page.run.discordId, kind: 'league-run-end', body });
  }
  return drafts;
}

/** The league is final: every player's place on the final leaderboard. */
async function finalPlaces(tx: Tx, l: Leagues.LeagueRow, league: LeagueRef): Promise<Draft[]> {
  const board = leaderboard(await Leagues.runTotals(tx, l.id), { matchesPerRun: l.matchesPerRun, final: true });
  const atPlace = new Map<number, number>();
  for (const r of board) atPlace.set(r.place, (atPlace.get(r.place) ?? 0) + 1);
  return board.map((r) => ({
    discordId: r.discordId, kind: 'league-final',
    body: leagueFinalDm(league, {
      place: r.place, shared: (atPlace.get(r.place) ?? 0) > 1, of: board.length, points: r.points,
      matchWins: r.matchWins, matchLosses: r.matchLosses, runs: r.runs, top8: r.top8,
    }),
  }));
}
