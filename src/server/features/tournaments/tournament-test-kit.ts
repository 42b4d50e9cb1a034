// What the API tests of tournament play share: events of seeded test teams whose players are signed
// in, reads of the state and the matches, and rounds finished by an admin's overrides.
import type { Match, Participant, Tournament } from '../../../domain/api/tournaments.ts';
import { signedInClient, TestClient, type TestServer } from '../../test/test-server.ts';

/** The JSON body of a 2xx answer; any other status throws with the body, so a test fails where it went wrong. */
export async function ok<T>(res: Response): Promise<T> {
  const body = (await res.json()) as T;
  if (!res.ok) throw new Error(`${res.status}: ${JSON.stringify(body)}`);
  return body;
}

export const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error;

export function tournamentKit(server: TestServer, people: { host: TestClient; admin: TestClient }) {
  const anonymous = new TestClient(() => server.url);
  const players = new Map<string, TestClient>(); // discordId -> signed-in client

  /** A hosted event with `teams` seeded one-player teams (no deck checks), their players signed in. */
  async function event(format: string, teams: number, extra: Record<string, unknown> = {}): Promise<string> {
    const { uid } = await ok<{ uid: string }>(await people.host.post('/api/tournaments/host', { name: `${format} ${teams}`, format, manualDeckChecking: false, ...extra }));
    if (teams > 0) await ok(await people.host.post(`/api/tournaments/${uid}/seed-test?count=${teams}`));
    for (const p of await ok<Participant[]>(await anonymous.get(`/api/tournaments/${uid}/participants`))) {
      if (!players.has(p.discordId)) players.set(p.discordId, await signedInClient(server, p.discordId, 0, p.displayName));
    }
    return uid;
  }
  const state = async (uid: string) => ok<Tournament>(await anonymous.get(`/api/tournaments/${uid}`));
  const matchesOf = async (uid: string, query = '') => ok<Match[]>(await people.admin.get(`/api/tournaments/${uid}/matches${query}`));
  /** The matches of a round (the current one by default). */
  const roundMatches = async (uid: string, round?: number) => matchesOf(uid, `?round=${round ?? (await state(uid)).currentRound}`);
  /** The signed-in captain (sole member) of a team, and their id. */
  async function captainOf(uid: string, teamUid: string): Promise<TestClient> {
    return players.get(await captainIdOf(uid, teamUid))!;
  }
  const captainIdOf = async (uid: string, teamUid: string) => (await state(uid)).teams.find((x) => x.uid === teamUid)!.captainDiscordId;

  /** Every open match of the current round decided by an admin's override (team 1 wins unless `pick` says otherwise; null a tie). */
  async function finishRound(uid: string, pick: (m: Match) => string | null = (m) => m.team1Id) {
    for (const m of await roundMatches(uid)) {
      if (m.complete || !m.team1Id || !m.team2Id) continue;
      const winner = pick(m);
      const q = winner ? `?winnerTeamId=${winner}` : '';
      await ok(await people.admin.post(`/api/tournaments/${uid}/matches/${m.id}/override-winner${q}`, {
        team1Wins: winner === m.team1Id ? 2 : winner ? 0 : 1, team2Wins: winner === m.team2Id ? 2 : winner ? 0 : 1,
      }));
    }
  }
  /** Rounds finished and advanced until the last is complete (or a champion is known). */
  async function advanceToEnd(uid: string, pick?: (m: Match) => string | null): Promise<Tournament> {
    for (let guard = 0; guard < 40; guard++) {
      await finishRound(uid, pick);
      const t = await state(uid);
      if (t.championTeamUid || t.currentRound >= t.roundCount) return t;
      await ok(await people.host.post(`/api/tournaments/${uid}/next-round`));
    }
    throw new Error('never ended');
  }

  return { anonymous, players, event, state, matchesOf, roundMatches, captainOf, captainIdOf, finishRound, advanceToEnd };
}
