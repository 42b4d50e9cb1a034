// The printed lists (issue 19): pairings by table, the same round by player, and the standings.
// Plain rows of text, no component per row: a 4,096-team round is 2,048 pairings and 4,096 seats.
import type { PairingRow, PrintPairings, PrintStandings, PrintTeam } from '../../../../domain/api/event-exports.ts';
import { printedPairings, resultText, seatsByPlayer } from './print-view.ts';

const percent = (x: number) => `${(Math.round(x * 1000) / 10).toFixed(1)}%`;
const th = 'border-b-2 border-black px-2 py-1.5 text-left font-semibold';
const td = 'border-b border-neutral-400 px-2 py-1 align-top';

/** A team's name with its players under it (not when the one player is the team's name). */
function teamCell(team: PrintTeam | null) {
  if (!team) return null;
  const players = team.players.length === 1 && team.players[0] === team.name ? [] : team.players;
  return (
    <>
      <span className="font-semibold break-words">{team.name}</span>
      {team.dropped && ' (dropped)'}
      {players.length > 0 && <span className="block text-[0.85em] break-words">{players.join(', ')}</span>}
    </>
  );
}

function tableCell(r: PairingRow) {
  if (r.table === null) return '–';
  return (
    <>
      <span className="text-[1.15em] font-bold tabular-nums">{r.table}</span>
      {r.extraMinutes > 0 && <span className="block text-[0.8em]">+{r.extraMinutes} min</span>}
    </>
  );
}

/** Both lists of a round: by table, then (on a page of its own when printed) by player. */
export function PairingsLists({ pairings }: { pairings: PrintPairings }) {
  const rows = printedPairings(pairings.rows);
  const seats = seatsByPlayer(pairings.rows);
  return (
    <>
      <section aria-labelledby="by-table" data-testid="pairings-by-table">
        <h2 id="by-table" className="mb-2 text-lg font-bold">
          Pairings by table
        </h2>
        {rows.length === 0 ? (
          <p>No pairings in this round.</p>
        ) : (
          <table className="w-full table-fixed border-collapse text-sm">
            <colgroup>
              <col className="w-[4.5rem] max-[480px]:w-[3.25rem]" />
              <col />
              <col />
              <col className="w-[5rem] max-[480px]:w-[3.75rem]" />
            </colgroup>
            <thead>
              <tr>
                <th scope="col" className={th}>Table</th>
                <th scope="col" className={th}>Team 1</th>
                <th scope="col" className={th}>Team 2</th>
                <th scope="col" className={th}>Result</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.matchId} data-testid="pairing-row" className="print-row">
                  <td className={td} data-testid="pairing-table">{tableCell(r)}</td>
                  <td className={td} data-testid="pairing-team1">{teamCell(r.team1 ?? r.team2)}</td>
                  <td className={td} data-testid="pairing-team2">{r.status === 'Bye' ? 'Bye' : teamCell(r.team2)}</td>
                  <td className={`${td} tabular-nums`}>{resultText(r)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="by-player" className="print-break mt-10" data-testid="pairings-by-player">
        <h2 id="by-player" className="mb-2 text-lg font-bold">
          Players A–Z
        </h2>
        {seats.length > 0 && (
          <table className="w-full table-fixed border-collapse text-sm">
            <colgroup>
              <col />
              <col className="w-[4.5rem] max-[480px]:w-[3.25rem]" />
              <col />
            </colgroup>
            <thead>
              <tr>
                <th scope="col" className={th}>Player</th>
                <th scope="col" className={th}>Table</th>
                <th scope="col" className={th}>Opponent</th>
              </tr>
            </thead>
            <tbody>
              {seats.map((s) => (
                <tr key={s.key} data-testid="seat-row" className="print-row">
                  <td className={td}>
                    <span className="font-semibold break-words" data-testid="seat-player">{s.player}</span>
                    {s.team !== s.player && <span className="block text-[0.85em] break-words">{s.team}</span>}
                  </td>
                  <td className={`${td} text-[1.15em] font-bold tabular-nums`} data-testid="seat-table">{s.table ?? 'Bye'}</td>
                  <td className={`${td} break-words`}>{s.opponent ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}

/** The standings, the placement first once final (rows as the server ranks them). */
export function StandingsList({ standings }: { standings: PrintStandings }) {
  if (standings.rows.length === 0) return <p>No standings yet.</p>;
  // standings Close stored before placements existed have none: they keep the rank
  const placed = standings.rows.some((r) => r.placement !== null);
  return (
    <table className="w-full table-fixed border-collapse text-sm" data-testid="standings-print">
      <colgroup>
        <col className={placed ? 'w-[5.5rem] max-[480px]:w-[4.5rem]' : 'w-[3rem]'} />
        <col />
        <col className="w-[3.5rem]" />
        <col className="w-[4.5rem]" />
        <col className="w-[4.5rem] max-[480px]:hidden" />
        <col className="w-[4.5rem] max-[480px]:hidden" />
        <col className="w-[6.5rem] max-[480px]:w-[5.5rem]" />
      </colgroup>
      <thead>
        <tr>
          <th scope="col" className={th}>{placed ? 'Placement' : '#'}</th>
          <th scope="col" className={th}>Team</th>
          <th scope="col" className={`${th} text-right`}>Points</th>
          <th scope="col" className={`${th} text-right`}>W-L-T</th>
          <th scope="col" className={`${th} text-right max-[480px]:hidden`}>OMW</th>
          <th scope="col" className={`${th} text-right max-[480px]:hidden`}>OOMW</th>
          <th scope="col" className={`${th} text-right`}>Tie-breaker</th>
        </tr>
      </thead>
      <tbody>
        {standings.rows.map((r) => (
          <tr key={r.teamId} data-testid="standing-print-row" className="print-row">
            <td className={`${td} font-semibold tabular-nums`}>{placed ? r.placement : r.rank}</td>
            <td className={td}>
              {teamCell({ id: r.teamId, name: r.teamName, players: r.players, dropped: r.dropped })}
            </td>
            <td className={`${td} text-right font-semibold tabular-nums`}>{r.points}</td>
            <td className={`${td} text-right tabular-nums`}>{`${r.wins}-${r.losses}-${r.ties}`}</td>
            <td className={`${td} text-right tabular-nums max-[480px]:hidden`}>{percent(r.omw)}</td>
            <td className={`${td} text-right tabular-nums max-[480px]:hidden`}>{percent(r.oomw)}</td>
            <td className={`${td} text-right font-mono text-xs tabular-nums`}>{r.tieBreaker}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
