// Factories with overrides, shared by the demo seed, API tests and e2e fixtures.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Tx } from './client.ts';
import { matches, members, series, teams, tournaments, users } from './schema.ts';
import { presetByName } from '../../domain/series/presets.ts';

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

/** A tournament with `teams` one-member teams; live ones get round 1 paired, completed ones a winner. */
export async function createTournament(
  db: Tx,
  o: Partial<typeof tournaments.$inferInsert> & { teams?: number; state?: TournamentState; hostDiscordId: string },
) {
  const { teams: teamCount = 0, state = 'upcoming', ...rest } = o;
  const live = state === 'live';
  const completed = state === 'completed';
  const roundCount = teamCount >= 2 ? Math.max(3, Math.ceil(Math.log2(teamCount))) : 0;
  const [t] = await db
    .insert(tournaments)
    .values({
      uid: randomUUID(),
      name: `Tournament ${next()}`,
      inProgress: live || completed,
      completed,
      signupsOpen: state === 'upcoming',
      currentRound: live ? 1 : completed ? roundCount : 0,
      roundCount: live || completed ? roundCount : 0,
      roundStartDates: live ? [new Date().toISOString()] : [],
      ...rest,
    })
    .returning();
  const tournament = t!;
  const created: (typeof teams.$inferSelect)[] = [];
  for (let i = 0; i < teamCount; i++) {
    const player = await createUser(db);
    const [team] = await db
      .insert(teams)
      .values({
        uid: randomUUID(),
        tournamentUid: tournament.uid,
        name: `Team ${player.username}`,
        captainDiscordId: player.discordId,
        wins: completed ? teamCount - 1 - i : 0,
        losses: completed ? i : 0,
      })
      .returning();
    await db.insert(members).values({ teamUid: team!.uid, tournamentUid: tournament.uid, discordId: player.discordId });
    created.push(team!);
  }
  if (live) {
    for (let i = 0; i + 1 < created.length; i += 2) {
      const done = i === 0;
      await db.insert(matches).values({
        tournamentUid: tournament.uid, roundNumber: 1, position: i / 2,
        team1Uid: created[i]!.uid, team2Uid: created[i + 1]!.uid,
        complete: done, team1Wins: done ? 2 : null, team2Wins: done ? 1 : null, winnerTeamUid: done ? created[i]!.uid : null,
      });
    }
  }
  if (completed && created[0]) {
    await db.update(tournaments).set({ winnerTeamUid: created[0].uid }).where(eq(tournaments.uid, tournament.uid));
    tournament.winnerTeamUid = created[0].uid;
  }
  return { tournament, teams: created };
}
