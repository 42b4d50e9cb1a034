// /league (issue 41): join with a deck, find a match, cancel, report, standings, retire, and the
// buttons of the league's messages. Every one calls the league's own routes as the user, so who may
// do what, the checks, the limits and the refusals are the site's; the bot only chooses routes and
// words. The `league` option is a league's id (the autocomplete's value) or its name; left out, the
// one league running now.
import type { APIApplicationCommandOptionChoice } from 'discord-api-types/v10';
import {
  LEAGUE_MESSAGES, LEAGUE_RESULT_CHOICES, type League, type LeagueMatch, type LeagueRun, type LeagueSummary, type QueueReply,
} from '../../../../domain/api/leagues.ts';
import type { LeagueSubcommand } from '../../../../domain/discord/commands.ts';
import type { LeagueButton } from '../../../../domain/discord/custom-ids.ts';
import type { AttachedFile } from '../../../../domain/discord/interaction-input.ts';
import {
  joinedAnswer, LEAGUE_DISPUTED, leagueConfirmedAnswer, leagueReportedAnswer, leagueReportPrompt, leagueStandingsAnswer, leftQueueAnswer,
  manyLeagues, NO_RUNNING_LEAGUE, noLeagueCalled, noMatchToReport, pairedAnswer, queuedAnswer, retiredAnswer, retirePrompt,
} from '../../../../domain/discord/league-answers.ts';
import type { LeagueRef } from '../../../../domain/discord/league-buttons.ts';
import type { PairedMatch } from '../../../../domain/discord/league-dms.ts';
import { DECK_BOTH, DECK_NEITHER, deckRefusedAnswer, NOT_YOURS } from '../../../../domain/discord/play-answers.ts';
import { privateMessage, updateMessage } from '../../../../domain/discord/responses.ts';
import { ApiRefusal, type BotApi } from '../bot-api.ts';
import { fetchDeckFile } from './signup-deck.ts';

const MAX_CHOICES = 25;
const base = (id: string) => `/api/leagues/${encodeURIComponent(id)}`;
const list = (api: BotApi) => api.get<LeagueSummary[]>('/api/leagues');
const running = (all: readonly LeagueSummary[]) => all.filter((l) => l.phase === 'running');

/** The league's page, for the messages' link. */
export const leagueUrl = (origin: string | null, id: string) => (origin ? `${origin}/leagues/${encodeURIComponent(id)}` : null);

/** The league a command is about: the one named (by id or name), else the one running now. */
export async function resolveLeague(api: BotApi, value: string | undefined): Promise<LeagueSummary> {
  const all = await list(api);
  if (value?.trim()) {
    const typed = value.trim();
    const named = all.filter((l) => l.name.toLowerCase() === typed.toLowerCase());
    const found = all.find((l) => l.id === typed) ?? running(named)[0] ?? named[0];
    if (!found) throw new ApiRefusal(404, noLeagueCalled(typed));
    return found;
  }
  const now = running(all);
  if (now.length === 1) return now[0]!;
  throw new ApiRefusal(404, now.length === 0 ? NO_RUNNING_LEAGUE : manyLeagues(now.map((l) => l.name)));
}

/** Autocomplete of `league`: the running leagues whose name holds the text. */
export async function leagueChoices(api: BotApi, typed: string): Promise<APIApplicationCommandOptionChoice<string>[]> {
  const text = typed.trim().toLowerCase();
  return running(await list(api)).filter((l) => !text || l.name.toLowerCase().includes(text))
    .slice(0, MAX_CHOICES).map((l) => ({ name: l.name.slice(0, 100), value: l.id }));
}

/** The match seen by `me`: the opponent, and the room (its players read it). */
function pairedOf(m: LeagueMatch, me: string, bestOf: number): PairedMatch {
  const opponent = m.player1.discordId === me ? m.player2 : m.player1;
  return { matchId: m.id, opponentName: opponent.displayName, opponentId: opponent.discordId, room: m.room ?? null, bestOf };
}

/** `me`'s side of a match, and the other. */
function sides(m: LeagueMatch, me: string) {
  return m.player1.discordId === me ? { own: m.player1, other: m.player2 } : { own: m.player2, other: m.player1 };
}

export interface LeagueInput {
  subcommand: LeagueSubcommand;
  league: string | undefined;
  file?: AttachedFile;
  ydke?: string;
}

export async function leagueCommand(api: BotApi, input: LeagueInput, o: { cdnUrl: string; origin: string | null }) {
  if (input.subcommand === 'join') {
    const ydke = input.ydke?.trim();
    if (input.file && ydke) return privateMessage(DECK_BOTH);
    if (!input.file && !ydke) return privateMessage(DECK_NEITHER);
  }
  const l = await resolveLeague(api, input.league);
  const ref: LeagueRef = { id: l.id, name: l.name, url: leagueUrl(o.origin, l.id) };
  switch (input.subcommand) {
    case 'join': {
      const body = input.file ? { ydk: await fetchDeckFile(o.cdnUrl, input.file) } : { ydke: input.ydke!.trim() };
      let run: LeagueRun;
      try {
        run = await api.post<LeagueRun>(`${base(l.id)}/runs`, body);
      } catch (e) {
        if (!(e instanceof ApiRefusal) || e.status !== 400) throw e;
        const problems = (e.body as { problems?: { message: string }[] } | undefined)?.problems ?? [];
        return deckRefusedAnswer(e.message, problems.map((p) => p.message));
      }
      return joinedAnswer(l.name, run, l.bestOf);
    }
    case 'find': {
      const reply = await api.post<QueueReply>(`${base(l.id)}/queue`);
      if (reply.waiting) return queuedAnswer(l.name, reply.expiresAt, reply.queueSize);
      return reply.match ? pairedAnswer(ref, pairedOf(reply.match, api.discordId, l.bestOf)) : leftQueueAnswer(l.name);
    }
    case 'cancel': {
      const reply = await api.delete<QueueReply>(`${base(l.id)}/queue`);
      // paired before the Cancel arrived: the pairing stands, and is the answer
      return !reply.waiting && reply.match ? pairedAnswer(ref, pairedOf(reply.match, api.discordId, l.bestOf)) : leftQueueAnswer(l.name);
    }
    case 'report': {
      const run = (await api.get<League>(base(l.id))).myRun;
      const match = run?.currentMatchId ? run.matches.find((m) => m.id === run.currentMatchId) : undefined;
      if (!match) return noMatchToReport(l.name);
      return leagueReportPrompt(l, { matchId: match.id, opponentName: sides(match, api.discordId).other.displayName }, LEAGUE_RESULT_CHOICES);
    }
    case 'standings': {
      const league = await api.get<League>(base(l.id));
      return leagueStandingsAnswer(league.name, league.phase === 'final', league.leaderboard, api.discordId);
    }
    case 'retire': {
      const run = (await api.get<League>(base(l.id))).myRun;
      if (!run || run.status !== 'active') throw new ApiRefusal(409, LEAGUE_MESSAGES.noActiveRun);
      if (run.currentMatchId !== null) throw new ApiRefusal(409, LEAGUE_MESSAGES.unreported(run.currentMatchId));
      return retirePrompt(l, { id: run.id, wins: run.wins, losses: run.losses, matchesPerRun: run.matchesPerRun });
    }
  }
}

/**
 * A league button: the route acts as the presser, so a button pressed by anyone but the match's
 * player (the run's, for Retire) changes nothing and answers the route's refusal, privately.
 */
export async function leagueButton(api: BotApi, b: LeagueButton) {
  const match = `${base(b.leagueId)}/matches/${b.id}`;
  switch (b.action) {
    case 'lo': {
      const m = await api.get<LeagueMatch>(match);
      if (m.player1.discordId !== api.discordId && m.player2.discordId !== api.discordId) return privateMessage(NOT_YOURS);
      if (m.state !== 'playing') throw new ApiRefusal(409, LEAGUE_MESSAGES.reportedAlready);
      const l = (await list(api)).find((x) => x.id === b.leagueId);
      return leagueReportPrompt({ id: b.leagueId, name: l?.name ?? 'The league' }, { matchId: m.id, opponentName: sides(m, api.discordId).other.displayName }, LEAGUE_RESULT_CHOICES);
    }
    case 'lr': {
      const m = await api.post<LeagueMatch>(`${match}/report`, { gamesWon: b.own, gamesLost: b.other });
      return leagueReportedAnswer(b.own!, b.other!, sides(m, api.discordId).other.displayName);
    }
    case 'lc': {
      const m = await api.post<LeagueMatch>(`${match}/confirm`);
      const { own, other } = sides(m, api.discordId);
      return leagueConfirmedAnswer(own.games ?? 0, other.games ?? 0, other.displayName);
    }
    case 'ld':
      await api.post<LeagueMatch>(`${match}/dispute`);
      return updateMessage(LEAGUE_DISPUTED);
    case 'lx':
      return retiredAnswer(await api.post<LeagueRun>(`${base(b.leagueId)}/runs/${b.id}/retire`));
  }
}
