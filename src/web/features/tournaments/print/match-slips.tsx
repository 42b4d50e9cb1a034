// The match slips (issue 30 §6): one per match of the round, to hand to its table and take back
// signed: round, table, both teams and their players, the EDOPro room and password (the host's and
// admins' print only), a box per game of the best-of and for the result, a signature line per team.
// Four to an A4 page on paper, cut along the dashed lines (match-slips.css).
import { useMemo } from 'react';
import type { Room } from '../../../../domain/api/event-night.ts';
import type { PrintPairings, PrintTeam } from '../../../../domain/api/event-exports.ts';
import { useSession } from '../../../lib/session.tsx';
import { useTournament } from '../tournaments-api.ts';
import { isPrivileged } from '../tournament-view.ts';
import { useSlipRooms } from './print-api.ts';
import { gameNumbers, matchSlips, noSlipNote, teamPlayers, type SlipRow } from './match-slips-view.ts';
import { roundTitle } from './print-view.ts';
import './match-slips.css';

export function MatchSlipsSheet({ pairings }: { pairings: PrintPairings }) {
  const { slips, byes, missed } = useMemo(() => matchSlips(pairings.rows), [pairings]);
  const tournament = useTournament(pairings.uid);
  const { user } = useSession();
  // the rooms' passwords are for the host and admins: nobody else's print view asks for them
  const privileged = !!tournament.data && isPrivileged(tournament.data, user);
  const ids = useMemo(() => slips.map((s) => s.matchId), [slips]);
  const { rooms, pending } = useSlipRooms(pairings.uid, ids, privileged);
  const note = noSlipNote({ byes, missed });

  if (tournament.isPending) return <p role="status">Loading…</p>;
  const bestOf = tournament.data?.bestOf ?? 1;
  // the round's name as the event page says it: 'Swiss round 2 of 3', 'Top 4: semifinals', 'Final'
  const round = roundTitle(pairings, tournament.data);
  return (
    <section aria-labelledby="slips-title" data-testid="match-slips">
      <div className="no-print mb-4 space-y-1">
        <h2 id="slips-title" className="text-lg font-bold">
          Match slips
        </h2>
        <p data-testid="slips-count">
          {slips.length === 1 ? 'One slip' : `${slips.length} slips`}, one per match at a table; four to an A4 page, cut along the dashed lines.
        </p>
        {note && <p data-testid="slips-note">{note}</p>}
        <p data-testid="slips-rooms-note">
          {privileged
            ? 'Each slip carries its table’s EDOPro room and password: hand it to that table’s players only.'
            : 'Room names and passwords are printed on the slips of the host and admins only.'}
        </p>
      </div>
      {slips.length === 0 ? (
        <p>No matches to play at a table in this round.</p>
      ) : (
        <ol className="slips" aria-label="Slips by table">
          {slips.map((s) => (
            <li key={s.matchId} className="slip" data-testid="match-slip">
              <Slip slip={s} event={pairings} round={round} bestOf={bestOf} room={rooms.get(s.matchId)} roomPending={pending} showRoom={privileged} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

interface SlipProps {
  slip: SlipRow;
  event: PrintPairings;
  round: string;
  bestOf: number;
  room: Room | undefined;
  roomPending: boolean;
  showRoom: boolean;
}

function Slip({ slip: s, event, round, bestOf, room, roomPending, showRoom }: SlipProps) {
  const games = gameNumbers(bestOf);
  const headingId = `slip-${s.matchId}`;
  return (
    <article aria-labelledby={headingId} className="slip-body">
      <header className="slip-head">
        <h3 id={headingId} className="slip-table">
          Table {s.table}
        </h3>
        <p className="slip-event">
          <span>{event.name}</span>
          <span className="font-semibold">{round}</span>
        </p>
      </header>

      <dl className="slip-room" data-testid="slip-room">
        <div>
          <dt>Room</dt>
          <dd className="slip-code">{showRoom && room ? room.name : <Blank pending={showRoom && roomPending} />}</dd>
        </div>
        <div>
          <dt>Password</dt>
          <dd className="slip-code">{showRoom && room ? room.password : <Blank pending={showRoom && roomPending} />}</dd>
        </div>
      </dl>

      <table className="slip-games" data-testid="slip-games">
        <caption>Best of {bestOf}: tick the winner of each game, then the games won</caption>
        <colgroup>
          <col className="slip-col-team" />
          {games.map((n) => (
            <col key={n} />
          ))}
          <col className="slip-col-won" />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">Team</th>
            {games.map((n) => (
              <th scope="col" key={n}>
                Game {n}
              </th>
            ))}
            <th scope="col">Games won</th>
          </tr>
        </thead>
        <tbody>
          {[s.team1, s.team2].map((t) => (
            <tr key={t.id}>
              <th scope="row">
                <TeamName team={t} />
              </th>
              {games.map((n) => (
                <td key={n} className="slip-box" data-testid="game-box" />
              ))}
              <td className="slip-box slip-won" data-testid="result-box" />
            </tr>
          ))}
        </tbody>
      </table>

      <div className="slip-signatures">
        {[s.team1, s.team2].map((t) => (
          <p key={t.id} className="slip-signature" data-testid="signature-line">
            <span className="slip-line" aria-hidden="true" />
            <span>Signature, {t.name}</span>
          </p>
        ))}
      </div>
    </article>
  );
}

function TeamName({ team }: { team: PrintTeam }) {
  const players = teamPlayers(team);
  return (
    <>
      <span className="slip-team">{team.name}</span>
      {players.length > 0 && <span className="slip-players">{players.join(', ')}</span>}
    </>
  );
}

/** A line to write on: the host prints rooms; anyone else's slip leaves them to be filled in. */
function Blank({ pending }: { pending: boolean }) {
  return pending ? <span>…</span> : <span className="slip-blank"><span className="sr-only">to be filled in</span></span>;
}
