// The printed lists (issue 19): pairings by table, the same round by player, and the standings.
// React makes the tables and their headers; the rows are one escaped string each list
// (print-rows.ts), so a 4,096-team round renders in a fraction of the time per-row elements take.
import { useMemo } from 'react';
import type { PrintPairings, PrintStandings } from '../../../../domain/api/event-exports.ts';
import { didNotPlayLine, splitPlayed } from '../../../../domain/tournaments/standings/standings-display.ts';
import { pairingRowsHtml, seatRowsHtml, standingRowsHtml } from './print-rows.ts';
import { printedPairings, seatsByPlayer } from './print-view.ts';

/** Both lists of a round: by table, then (on a page of its own when printed) by player. */
export function PairingsLists({ pairings }: { pairings: PrintPairings }) {
  const { byTable, byPlayer, count } = useMemo(() => {
    const rows = printedPairings(pairings.rows);
    return { byTable: pairingRowsHtml(rows), byPlayer: seatRowsHtml(seatsByPlayer(pairings.rows)), count: rows.length };
  }, [pairings]);
  return (
    <>
      <section aria-labelledby="by-table" data-testid="pairings-by-table">
        <h2 id="by-table" className="mb-2 text-lg font-bold">
          Pairings by table
        </h2>
        {count === 0 ? (
          <p>No pairings in this round.</p>
        ) : (
          <table className="print-table">
            <colgroup>
              <col className="print-col-table" />
              <col />
              <col />
              <col className="print-col-result" />
            </colgroup>
            <thead>
              <tr>
                <th scope="col">Table</th>
                <th scope="col">Team 1</th>
                <th scope="col">Team 2</th>
                <th scope="col">Result</th>
              </tr>
            </thead>
            <tbody dangerouslySetInnerHTML={{ __html: byTable }} />
          </table>
        )}
      </section>

      <section aria-labelledby="by-player" className="print-break mt-10" data-testid="pairings-by-player">
        <h2 id="by-player" className="mb-2 text-lg font-bold">
          Players A–Z
        </h2>
        {count > 0 && (
          <table className="print-table">
            <colgroup>
              <col />
              <col className="print-col-table" />
              <col />
            </colgroup>
            <thead>
              <tr>
                <th scope="col">Player</th>
                <th scope="col">Table</th>
                <th scope="col">Opponent</th>
              </tr>
            </thead>
            <tbody dangerouslySetInnerHTML={{ __html: byPlayer }} />
          </table>
        )}
      </section>
    </>
  );
}

/** The standings, the placement first once final (rows as the server ranks them); the teams that did not play under them. */
export function StandingsList({ standings }: { standings: PrintStandings }) {
  const { placed: rows, didNotPlay } = useMemo(() => splitPlayed(standings.rows), [standings]);
  // standings Close stored before placements existed have none: they keep the rank
  const placed = rows.some((r) => r.placement !== null);
  const body = useMemo(() => standingRowsHtml(rows, placed), [rows, placed]);
  if (standings.rows.length === 0) return <p>No standings yet.</p>;
  return (
    <>
    <table className="print-table" data-testid="standings-print">
      <colgroup>
        <col className={placed ? 'print-col-placement' : 'print-col-rank'} />
        <col />
        <col className="print-col-points" />
        <col className="print-col-record" />
        <col className="print-col-record" />
        <col className="print-col-record" />
      </colgroup>
      <thead>
        <tr>
          <th scope="col">{placed ? 'Placement' : '#'}</th>
          <th scope="col">Team</th>
          <th scope="col" className="num">Points</th>
          <th scope="col" className="num">W-L-T</th>
          <th scope="col" className="num">OMW %</th>
          <th scope="col" className="num">OOMW %</th>
        </tr>
      </thead>
      <tbody dangerouslySetInnerHTML={{ __html: body }} />
    </table>
    {didNotPlay.length > 0 && <p data-testid="standings-print-did-not-play">{didNotPlayLine(didNotPlay.map((r) => r.teamName), 40)}: not placed.</p>}
    </>
  );
}
