// Factories with overrides, shared by the demo seed, API tests and e2e fixtures.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { decks, matches, members, series, teams, tournaments, users } from './schema.ts';
import { presetByName } from '../../domain/series/presets.ts';
import { startTournament } from '../../domain/tournaments/engine/engine.ts';
import { simulate } from '../../domain/tournaments/engine/properties/simulate.ts';
import type { EngineMatch } from '../../domain/tournaments/types.ts';
import { assignTables } from '../../domain/tournaments/engine/tables.ts';
import { newRoomPassword } from '../../domain/tournaments/rooms.ts';

let sequence = 0;
const next = () => ++sequence;

export async function createUser(db: Tx, o: Partial<typeof users.$inferInsert> = {}) {
  const n = next();
  const username = o.username ?? `player${n}`;
  const [row] = await db
    .insert(users)
    .values({ discordId: o.discordId ?? String(BigInt(Date.now()) * 100000n + BigInt(n % 100000)), username, displayName: username, discordUsername: username, ...o })
    .returning();
  return row!;
}

export async function createSeries(db: Tx, o: Partial<typeof series.$inferInsert> & { preset?: string } = {}) {
  const { preset, ...rest } = o;
  const p = presetByName(preset ?? 'Master Rule 5');
  const [row] = await db
    .insert(series)
    .values({
      id: randomUUID(),
      name: `Series ${next()}`,
      ruleOptions: [...(p?.rules ?? [])],
      cardTypeFilters: [...(p?.filters ?? [])],
      ...rest,
    })
    .returning();
  return row!;
}

export type TournamentState = 'upcoming' | 'live' | 'completed';

/**
 * A tournament with `teams` one-member teams, played by the real engine: live ones have round 1
 * paired with its first match reported, completed ones every round played (random results from a
 * fixed seed) and their champion declared.
 */
export async function createTournament(
  db: Tx,
  o: Partial<typeof tournaments.$inferInsert> & {
    teams?: number; state?: TournamentState; hostDiscordId: string; checkedIn?: number;
    /** these users play (one per team, in seed order) instead of new ones; teams defaults to their number */
    players?: readonly { discordId: string; displayName: string }[];
    /** an approved deck for the player of team i */
    deckOf?: (i: number) => { main: number[]; extra: number[]; side: number[]; label: string } | undefined;
  },
) {
  const { players, deckOf, checkedIn = 0, state = 'upcoming', ...rest0 } = o;
  const { teams: teamCount = players?.length ?? 0, ...rest } = rest0;
  const [t] = await db
    .insert(tournaments)
    .values({ uid: randomUUID(), name: `Tournament ${next()}`, pairingSeed: 20261123, ...rest })
    .returning();
  let tournament = t!;
  const created: (typeof teams.$inferSelect)[] = [];
  for (let i = 0; i < teamCount; i++) {
    const given = players?.[i];
    const player = given ? { discordId: given.discordId, username: given.displayName } : await createUser(db);
    const [team] = await db
      .insert(teams)
      .values({
        uid: randomUUID(), tournamentUid: tournament.uid, name: `Team ${player.username}`, captainDiscordId: player.discordId, seed: i + 1,
        checkedInAt: i < checkedIn ? new Date() : null,
      })
      .returning();
    const [member] = await db.insert(members).values({ teamUid: team!.uid, tournamentUid: tournament.uid, discordId: player.discordId }).returning();
    const deck = deckOf?.(i);
    if (deck) {
      await db.insert(decks).values({
        uid: randomUUID(), memberId: member!.id, tournamentUid: tournament.uid, label: deck.label,
        mainDeck: deck.main, extraDeck: deck.extra, sideDeck: deck.side, approved: true,
      });
    }
    created.push(team!);
  }
  if (state === 'upcoming' || created.length < 2) return { tournament, teams: created };

  const engineTeams = created.map((x) => ({ id: x.uid, seed: x.seed, dropped: false }));
  let played: EngineMatch[];
  let roundCount: number;
  let currentRound = 1;
  let winner: string | null = null;
  // a live event's round 1 has its tables (as the server numbers a round when it begins) and rooms
  let tables = new Map<number, number>();
  if (state === 'live') {
    const start = startTournament(tournament.format, engineTeams, tournament.pairingSeed ?? 1);
    roundCount = start.roundCount;
    const first = start.matches.findIndex((m) => !m.complete && m.team1 && m.team2);
    tables = assignTables(start.matches.map((m) => ({ ...m, missed: false, table: null })));
    played = start.matches.map((m, i) => (i === first ? { ...m, complete: true, team1Wins: 2, team2Wins: 1, winner: m.team1 } : m));
  } else {
    const sim = simulate(tournament.format, engineTeams, { seed: tournament.pairingSeed ?? 1 });
    played = [...sim.state.matches];
    roundCount = sim.roundCount;
    currentRound = sim.rounds;
    winner = sim.champion;
  }
  for (const [i, m] of played.entries()) {
    await db.insert(matches).values({
      tournamentUid: tournament.uid, roundNumber: m.round, bracket: m.bracket, position: m.position, team1Uid: m.team1, team2Uid: m.team2,
      bye: m.bye, complete: m.complete, team1Wins: m.team1Wins, team2Wins: m.team2Wins, winnerTeamUid: m.winner,
      tableNumber: tables.get(i) ?? null, roomPassword: state === 'live' && !m.bye ? newRoomPassword() : null,
    });
  }
  for (const team of created) {
    const mine = played.filter((m) => m.complete && (m.team1 === team.uid || m.team2 === team.uid));
    const wins = mine.filter((m) => m.winner === team.uid).length;
    const ties = mine.filter((m) => !m.bye && m.winner === null && m.team1 && m.team2).length;
    const losses = mine.filter((m) => !m.bye && m.winner !== null && m.winner !== team.uid).length;
    await db.update(teams).set({ wins, losses, ties }).where(eq(teams.uid, team.uid));
  }
  const [updated] = await db
    .update(tournaments)
    .set({
      inProgress: true, completed: state === 'completed', signupsOpen: false, currentRound, roundCount, winnerTeamUid: winner,
      roundStartDates: Array.from({ length: currentRound }, () => new Date().toISOString()),
      ...(state === 'completed' ? { deckSubmissionOpen: false } : {}),
    })
    .where(eq(tournaments.uid, tournament.uid))
    .returning();
  tournament = updated!;
  return { tournament, teams: created };
}
