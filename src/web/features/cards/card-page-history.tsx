// The card page's history (issue 32 §2): its status on every list as a timeline with the send-offs
// behind the changes, its meta month by month (a table with plain HTML bars: no chart library, see
// components/share-chart.tsx), and the public decklists that play it. A month counts the leagues that
// became final in it with its events (issue 41): one share over every public deck, as /meta counts
// them by default, with the league runs' part under it.
import { useState } from 'react';
import { Link } from 'react-router';
import type { CardDecklist, CardMetaMonth, CardStatusStep } from '../../../domain/api/card-pages.ts';
import { stateLabel } from '../../../domain/banlists/compare.ts';
import { VOTE_LABEL } from '../../../domain/judgement/votes.ts';
import { percent } from '../../components/share-chart.tsx';
import { Button } from '../../components/ui/button.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';

/** Lists shown before 'Show every list': past it, only the changes (and the first and newest lists). */
const TIMELINE_SHORT = 12;

function changeText(s: CardStatusStep): string {
  if (s.change === 'FIRST' || !s.previousStatus) return 'First list';
  if (s.change === 'SAME') return 'No change';
  return `${stateLabel({ status: s.previousStatus, points: s.previousPoints })} → ${stateLabel({ status: s.status, points: s.points })}`;
}

export function CardTimeline({ statuses }: { statuses: readonly CardStatusStep[] }) {
  const [all, setAll] = useState(false);
  const short = statuses.length > TIMELINE_SHORT && !all;
  const shown = short ? statuses.filter((s, i) => s.change !== 'SAME' || i === statuses.length - 1) : statuses;
  return (
    <section aria-labelledby="card-timeline-title" className="space-y-3">
      <h2 id="card-timeline-title" className="text-xl font-semibold">Status on every list</h2>
      {statuses.length === 0 ? (
        <p className="text-sm text-muted-foreground">The site has no banlist yet.</p>
      ) : (
        <ol className="space-y-3 border-l-2 pl-4" data-testid="card-timeline">
          {[...shown].reverse().map((s) => (
            <li key={s.date} className="relative space-y-2" data-testid="card-timeline-step">
              <span aria-hidden="true" className="absolute top-1.5 -left-[23px] size-3 rounded-full border-2 border-background bg-primary" />
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <Link to={`/banlist?date=${s.date}`} className="font-medium underline-offset-2 hover:underline">
                  <time dateTime={s.date}>{s.date}</time> · {s.name}
                </Link>
                <StatusBadge status={s.status} points={s.points} />
                <span className={s.change === 'CHANGED' ? 'font-medium' : 'text-muted-foreground'}>{changeText(s)}</span>
              </div>
              {s.judgements.map((j, i) => (
                <div key={i} className="space-y-2 rounded-md border bg-card p-3 text-sm" data-testid="card-judgement">
                  <p>
                    <span className="font-medium">Judgement board:</span> proposed by {j.poster.displayName}, decided{' '}
                    <span className="font-medium">{stateLabel({ status: j.status, points: null })}</span>
                  </p>
                  <blockquote className="border-l-2 pl-3 whitespace-pre-line text-muted-foreground">{j.reason}</blockquote>
                  <ul aria-label="Votes" className="flex flex-wrap gap-x-4 gap-y-1">
                    {j.votes.map((v) => (
                      <li key={v.discordId}>{v.displayName}: <span className="font-medium">{VOTE_LABEL[v.vote]}</span></li>
                    ))}
                  </ul>
                </div>
              ))}
            </li>
          ))}
        </ol>
      )}
      {statuses.length > TIMELINE_SHORT && (
        <Button variant="secondary" size="sm" onClick={() => setAll((a) => !a)} aria-expanded={all}>
          {all ? 'Show the changes only' : `Show every list (${statuses.length})`}
        </Button>
      )}
    </section>
  );
}

/** A share as a thin bar beside its number (decoration: the number is the content). */
function Bar({ value, colour }: { value: number; colour: string }) {
  return (
    <span aria-hidden="true" className="hidden h-2 w-24 overflow-hidden rounded-full bg-muted desktop:inline-block">
      <span className={`block h-full ${colour}`} style={{ width: `${Math.min(100, value * 100)}%` }} />
    </span>
  );
}

export function CardMetaTable({ months }: { months: readonly CardMetaMonth[] }) {
  return (
    <section aria-labelledby="card-meta-title" className="space-y-3">
      <h2 id="card-meta-title" className="text-xl font-semibold">Meta over time</h2>
      {months.length === 0 ? (
        <p className="text-sm text-muted-foreground">No events have been recorded yet.</p>
      ) : (
        <>
          {months.some((m) => m.leagues > 0) && (
            <p className="text-sm text-muted-foreground" data-testid="card-meta-leagues-note">
              Each month counts its events and the leagues that ended in it: a league’s published runs are decks beside the events’.
            </p>
          )}
          <section className="overflow-x-auto" tabIndex={0} aria-label="The card’s meta by month">
            <table className="w-full text-sm" data-testid="card-meta-table">
              <caption className="sr-only">Share of published decks (events’ and leagues’) playing the card, average copies and top-cut share, month by month</caption>
              <thead className="text-left text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="py-2 pr-2">Month</th>
                  <th scope="col" className="px-2 py-2 text-right">Decks playing it</th>
                  <th scope="col" className="px-2 py-2">Share</th>
                  <th scope="col" className="px-2 py-2 text-right">Copies</th>
                  <th scope="col" className="px-2 py-2">Top-cut share</th>
                </tr>
              </thead>
              <tbody>
                {[...months].reverse().map((m) => (
                  <tr key={m.month} className="border-t">
                    <th scope="row" className="py-1.5 pr-2 text-left font-medium whitespace-nowrap">{m.month}</th>
                    <td className="px-2 py-1.5 text-right tabular-nums whitespace-nowrap">
                      {m.playing} of {m.decks}
                      {m.leagueDecks > 0 && (
                        <span className="block text-xs text-muted-foreground" data-testid="card-meta-league">
                          {m.leaguePlaying} of {m.leagueDecks} league {m.leagueDecks === 1 ? 'run' : 'runs'}
                        </span>
                      )}
                    </td>
                    <td className="px-2 py-1.5 tabular-nums whitespace-nowrap">
                      <span className="inline-flex items-center gap-2"><Bar value={m.share} colour="bg-blue-600" />{percent(m.share)}</span>
                    </td>
                    <td className="px-2 py-1.5 text-right tabular-nums">{m.playing ? m.averageCopies.toFixed(1) : '–'}</td>
                    <td className="px-2 py-1.5 tabular-nums whitespace-nowrap">
                      <span className="inline-flex items-center gap-2">
                        <Bar value={m.topCutShare} colour="bg-amber-600" />
                        {m.topCutDecks ? `${percent(m.topCutShare)} (${m.topCutPlaying} of ${m.topCutDecks})` : '–'}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
    </section>
  );
}

export function CardDecklists({ decklists, total }: { decklists: readonly CardDecklist[]; total: number }) {
  return (
    <section aria-labelledby="card-decks-title" className="space-y-3">
      <h2 id="card-decks-title" className="text-xl font-semibold">Public decklists that play it</h2>
      {decklists.length === 0 ? (
        <p className="text-sm text-muted-foreground">No published decklist plays it yet.</p>
      ) : (
        <>
          <ul className="divide-y rounded-md border" data-testid="card-decklists">
            {decklists.map((d) => (
              <li key={d.deckId} className="px-3 py-2 text-sm">
                <Link to={`/tournaments/${encodeURIComponent(d.tournamentUid)}/report#deck-${d.deckId}`} className="font-medium underline-offset-2 hover:underline">
                  {d.player} · {d.archetype}
                </Link>
                <span className="block text-muted-foreground">
                  {d.placement} at {d.eventName} · <time dateTime={d.date}>{d.date}</time> · {d.copies} {d.copies === 1 ? 'copy' : 'copies'}
                </span>
              </li>
            ))}
          </ul>
          {total > decklists.length && <p className="text-sm text-muted-foreground">The newest {decklists.length} of {total} decklists.</p>}
        </>
      )}
    </section>
  );
}
