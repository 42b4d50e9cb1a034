// Each recorded event's head-to-head, indexed by player, kept in memory by (event, version): a
// record never changes without a version bump (a correction rewrites it, version + 1), so an entry
// is never stale, and a profile of 500 events reads only the events it has not seen yet. Parsing
// every event's placements and matches on each profile read cost PGlite 150–350 ms (the jsonb is
// detoasted and walked in WebAssembly); from here a profile costs its few small queries.
import { inArray } from 'drizzle-orm';
import { ratedMatchesOf } from '../../../domain/ratings/ratings.ts';
import type { Tx } from '../../db/client.ts';
import { eventRecords } from '../../db/schema.ts';
import { Lru } from '../banlists/http-cache.ts';

/** One rated match of a player: the opponent and the player's result (1 win, 0 tie, -1 loss). */
export type Meeting = readonly [opponent: string, result: 1 | 0 | -1];

export interface EventIndex {
  /** the rated matches of each player of the event (byes, missed, unplayed and 0-0 left out) */
  meetings: Map<string, Meeting[]>;
  /** each member's name as the record has it (players who never signed in) */
  names: Map<string, string>;
  /** the number of teams placed */
  teams: number;
}

const LOAD_CHUNK = 200;

export class EventIndexCache {
  private entries: Lru<string, EventIndex>;

  constructor(max = 2000) {
    this.entries = new Lru(max);
  }

  /** The index of each (event, version) asked for, loading only those not in memory. */
  async get(db: Tx, events: readonly { tournamentUid: string; version: number }[]): Promise<Map<string, EventIndex>> {
    const out = new Map<string, EventIndex>();
    const missing: string[] = [];
    for (const e of events) {
      const hit = this.entries.get(`${e.tournamentUid}@${e.version}`);
      if (hit) out.set(e.tournamentUid, hit);
      else missing.push(e.tournamentUid);
    }
    for (let i = 0; i < missing.length; i += LOAD_CHUNK) {
      const rows = await db
        .select({ uid: eventRecords.tournamentUid, version: eventRecords.version, placements: eventRecords.placements, matches: eventRecords.matches })
        .from(eventRecords)
        .where(inArray(eventRecords.tournamentUid, missing.slice(i, i + LOAD_CHUNK)));
      for (const r of rows) {
        const index = indexOf(r.placements, r.matches);
        // a version read now may be newer than the one asked for: it is stored under its own
        this.entries.set(`${r.uid}@${r.version}`, index);
        out.set(r.uid, index);
      }
    }
    return out;
  }
}

export function indexOf(
  placements: readonly { teamId: string; members: readonly { discordId: string; displayName: string }[] }[],
  matches: Parameters<typeof ratedMatchesOf>[0],
): EventIndex {
  const members = new Map(placements.map((p) => [p.teamId, p.members.map((m) => m.discordId)]));
  const names = new Map(placements.flatMap((p) => p.members.map((m) => [m.discordId, m.displayName] as const)));
  const meetings = new Map<string, Meeting[]>();
  const add = (player: string, meeting: Meeting) => {
    const list = meetings.get(player);
    if (list) list.push(meeting);
    else meetings.set(player, [meeting]);
  };
  for (const m of ratedMatchesOf(matches, (team) => members.get(team) ?? [])) {
    add(m.player1, [m.player2, m.result === 0 ? 0 : m.result === 1 ? 1 : -1]);
    add(m.player2, [m.player1, m.result === 0 ? 0 : m.result === 2 ? 1 : -1]);
  }
  return { meetings, names, teams: placements.length };
}
