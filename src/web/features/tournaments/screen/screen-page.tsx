// /tournaments/{uid}/screen (issue 30 §6): the big screen of the hall. The current round's pairings
// by table in type read from 5 m, paging itself when they do not fit, with the round's countdown;
// the standings between rounds and at the end. Live as the event page is (a report, an extension, the
// next round show without a reload); public reads only, no site navigation, dark and high-contrast.
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useParams } from 'react-router';
import type { Scoreboard, Tournament } from '../../../../domain/api/tournaments.ts';
import type { Standings } from '../../../../domain/api/standings.ts';
import { didNotPlayLine, splitPlayed } from '../../../../domain/tournaments/standings/standings-display.ts';
import { cn } from '../../../lib/cn.ts';
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { roundClockState } from '../playing/clock-view.ts';
import { RoundClock, useServerSecond } from '../playing/round-clock.tsx';
import { currentRoundName, currentTimeCalled } from '../playing/round-view.ts';
import { useTournamentLive } from '../tournament-live.ts';
import { useScoreboard, useStandings, useTournament } from '../tournaments-api.ts';
import { pageOf, record, rowsThatFit, screenMode, screenPairings, standingsTitle, topStandings, type ScreenPairing } from './screen-view.ts';
import './screen.css';

/** On a phone the screen stacks and scrolls: every pairing, and this many of the standings. */
const PHONE_STANDINGS = 32;

export function TournamentScreenPage() {
  const { uid = '' } = useParams();
  const tournament = useTournament(uid);
  const board = useScoreboard(uid, true);
  useTournamentLive(uid, board.data?.version ?? tournament.data?.version);

  // the page is the screen: dark behind it too, whatever the site's theme
  useEffect(() => {
    document.documentElement.classList.add('screen-document');
    return () => document.documentElement.classList.remove('screen-document');
  }, []);
  useDocumentTitle(tournament.data ? `${tournament.data.name}: big screen` : 'Big screen');

  const failed = tournament.isError || board.isError;
  if (tournament.data && board.data) return <Screen tournament={tournament.data} board={board.data} />;
  return (
    <div className="screen">
      <main id="main" className="screen-main">
        <h1 className="screen-event">Big screen</h1>
        {failed ? (
          <p role="alert">{(tournament.error as { status?: number } | null)?.status === 404 ? 'Tournament not found.' : 'The screen could not be loaded. Please reload.'}</p>
        ) : (
          <p role="status">Loading…</p>
        )}
      </main>
    </div>
  );
}

function Screen({ tournament: t, board }: { tournament: Tournament; board: Scoreboard }) {
  const s = board.state;
  const matches = board.matches;
  const mode = screenMode(s, matches);
  const standings = useStandings(t.uid, mode.kind === 'standings');
  const roundName = currentRoundName({ ...t, currentRound: s.currentRound, roundCount: s.roundCount, format: s.format }, matches);
  const title = mode.kind === 'standings' ? standingsTitle(mode.final, roundName) : mode.kind === 'pairings' ? roundName : t.subtitle ?? 'Starting soon';
  const now = useServerSecond();
  const clock = mode.kind === 'pairings' ? roundClockState(s.roundEndsAt, now, false) : 'untimed';
  const phone = useMediaQuery(MOBILE_QUERY);

  return (
    <div className="screen" data-mode={mode.kind}>
      <header className="screen-head">
        <div className="screen-titles">
          <h1 className="screen-event">{t.name}</h1>
          <p className="screen-round" data-testid="screen-title">
            {title}
          </p>
        </div>
        {mode.kind === 'pairings' && s.roundEndsAt && (
          <div className={cn('screen-clock', clock === 'time' && 'is-time')} data-testid="screen-clock">
            <RoundClock endsAt={s.roundEndsAt} what={roundName} />
          </div>
        )}
      </header>
      {clock === 'time' && (
        <p className="screen-time" data-testid="screen-time-called">
          {currentTimeCalled(s, matches)}
        </p>
      )}
      <main id="main" className="screen-main">
        {mode.kind === 'pairings' ? (
          <Pairings rows={screenPairings(matches, s.currentRound)} roundName={roundName} now={now} phone={phone} />
        ) : mode.kind === 'standings' ? (
          <StandingsBoard standings={standings.data} title={title} final={mode.final} phone={phone} failed={standings.isError} />
        ) : (
          <p className="screen-message" data-testid="screen-waiting">
            {mode.message}
          </p>
        )}
      </main>
    </div>
  );
}

/**
 * How many rows fit the list's box (a screen does not scroll): measured from the box and its first
 * row, again when the window is resized or the rows change. On a phone: all of them (the page scrolls).
 */
function useRowsThatFit(box: RefObject<HTMLDivElement | null>, rowCount: number, phone: boolean): number {
  const [fit, setFit] = useState(Number.MAX_SAFE_INTEGER);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el || phone) return setFit(Number.MAX_SAFE_INTEGER);
    const measure = () => {
      const row = el.querySelector<HTMLElement>('[data-row]');
      const head = el.querySelector<HTMLElement>('[data-head]');
      if (row) setFit(rowsThatFit(el.clientHeight - (head?.offsetHeight ?? 0), row.getBoundingClientRect().height));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [box, rowCount, phone]);
  return fit;
}

function Pairings({ rows, roundName, now, phone }: { rows: ScreenPairing[]; roundName: string; now: number; phone: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const fit = useRowsThatFit(box, rows.length, phone);
  const shown = pageOf(rows, fit, now);
  return (
    <section className="screen-list" aria-labelledby="screen-list-title">
      <h2 id="screen-list-title" className="sr-only">
        Pairings, {roundName}
        {shown.label && `, ${shown.label.toLowerCase()}`}
      </h2>
      <div className="screen-row screen-row-head" aria-hidden="true">
        <span className="screen-table">Table</span>
        <span className="screen-t1">Team</span>
        <span className="screen-vs" />
        <span className="screen-t2">Opponent</span>
        <span className="screen-result">Result</span>
      </div>
      <div ref={box} className="screen-fill">
        {rows.length === 0 ? (
          <p className="screen-message">The pairings of this round are being made.</p>
        ) : (
          <ol className="screen-rows" data-testid="screen-pairings">
            {shown.rows.map((r) => (
              <PairingRow key={r.key} row={r} />
            ))}
          </ol>
        )}
      </div>
      <Footer>{shown.label && <span data-testid="screen-page">{shown.label}</span>}</Footer>
    </section>
  );
}

function PairingRow({ row: r }: { row: ScreenPairing }) {
  const decided = r.complete && r.winner !== null;
  const team = (side: 1 | 2) => cn('screen-team', side === 1 ? 'screen-t1' : 'screen-t2', decided && (r.winner === side ? 'is-winner' : 'is-loser'));
  return (
    <li className={cn('screen-row', r.result === 'Disputed' && 'is-disputed')} data-row data-testid="screen-pairing">
      <span className="screen-table">
        {r.table !== null ? (
          <>
            <span className="sr-only">Table </span>
            {r.table}
          </>
        ) : (
          '–'
        )}
      </span>
      <span className={team(1)}>
        {r.team1}
        {r.winner === 1 && <span className="sr-only"> (won)</span>}
      </span>
      <span className="screen-vs">{r.team2 !== null ? 'vs' : ''}</span>
      <span className={cn(team(2), r.team2 === null && 'is-bye')}>
        {r.team2 ?? 'has a bye'}
        {r.winner === 2 && <span className="sr-only"> (won)</span>}
      </span>
      <span className="screen-result">
        {r.result && r.table !== null ? r.result : r.table === null ? '' : r.extraMinutes > 0 ? <Extended row={r} /> : ''}
      </span>
    </li>
  );
}

/** A table given more time, still being played: how much, and its own countdown. */
function Extended({ row: r }: { row: ScreenPairing }) {
  return (
    <span className="screen-extended" data-testid="screen-extended">
      +{r.extraMinutes} min
      {r.endsAt && <RoundClock endsAt={r.endsAt} what={`Table ${r.table}`} size="sm" className="screen-own-clock" />}
    </span>
  );
}

interface StandingsProps {
  standings: Standings | undefined;
  title: string;
  final: boolean;
  phone: boolean;
  failed: boolean;
}

function StandingsBoard({ standings, title, final, phone, failed }: StandingsProps) {
  const box = useRef<HTMLDivElement>(null);
  const rows = standings?.rows ?? [];
  const fit = useRowsThatFit(box, rows.length, phone);
  const shown = topStandings(rows, phone ? PHONE_STANDINGS : fit);
  const { placed, didNotPlay } = splitPlayed(rows);
  const champion = final ? standings?.champion : null;
  return (
    <section className="screen-list" aria-labelledby="screen-list-title">
      <h2 id="screen-list-title" className="sr-only">
        {title}
      </h2>
      {champion && (
        <p className="screen-champion" data-testid="screen-champion">
          Champion: <strong>{champion.teamName}</strong>
        </p>
      )}
      <div ref={box} className="screen-fill">
        {!standings ? (
          failed ? <p role="alert">The standings could not be loaded.</p> : <p role="status">Loading standings…</p>
        ) : rows.length === 0 ? (
          <p className="screen-message">No standings yet.</p>
        ) : (
          <table className="screen-standings" data-testid="screen-standings">
            <colgroup>
              <col className={final ? 'screen-col-place' : 'screen-col-rank'} />
              <col />
              <col className="screen-col-num" />
              <col className="screen-col-record" />
            </colgroup>
            <thead>
              <tr data-head>
                <th scope="col">{final ? 'Place' : '#'}</th>
                <th scope="col">Team</th>
                <th scope="col">Points</th>
                <th scope="col">W-L-T</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => (
                <tr key={r.teamId} data-row className={r.dropped ? 'is-dropped' : undefined}>
                  <td className="screen-rank">{final && r.placement ? r.placement : r.rank}</td>
                  <th scope="row" className="screen-team">
                    {r.teamName}
                    {r.dropped && <span className="screen-dropped"> (dropped)</span>}
                  </th>
                  <td className="screen-num">{r.points}</td>
                  <td className="screen-num">{record(r)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      <Footer>
        {placed.length > shown.length && <span>Top {shown.length} of {placed.length}: the full standings are on the event’s page</span>}
        {didNotPlay.length > 0 && <span data-testid="screen-did-not-play">{didNotPlayLine(didNotPlay.map((r) => r.teamName), 3)}</span>}
      </Footer>
    </section>
  );
}

/** The line under the list: the page shown (or how many rows are left off) and where to follow the event. */
function Footer({ children }: { children: ReactNode }) {
  return (
    <footer className="screen-foot">
      <span className="screen-foot-note">{children}</span>
      <span className="screen-address">{window.location.host}{window.location.pathname.replace(/\/screen$/, '')}</span>
    </footer>
  );
}
