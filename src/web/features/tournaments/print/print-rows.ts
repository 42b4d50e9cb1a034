// The rows of the printed lists as HTML text (issue 19). A 4,096-team round is 2,048 pairings and
// 4,096 seats, some 40,000 cells: made by React they took 5 to 9 times as long as this string
// (bench/event-exports.bench.ts), for markup that never changes once shown. Every text passes
// through escapeHtml; nothing else of the data reaches the markup. print.css styles the cells.
import type { PairingRow, PrintStandingRow, PrintTeam } from '../../../../domain/api/event-exports.ts';
import { sharePercent } from '../../../../domain/tournaments/standings/standings-display.ts';
import { resultText, type PlayerSeat } from './print-view.ts';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text as HTML: the five characters that could open markup or end an attribute, as entities. */
export function escapeHtml(text: string | number): string {
  return String(text).replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}


/** A team's name with its players under it (not when the one player is the team's name). */
function team(t: PrintTeam | null): string {
  if (!t) return '';
  const players = t.players.length === 1 && t.players[0] === t.name ? '' : t.players.join(', ');
  return `<b>${escapeHtml(t.name)}</b>${t.dropped ? ' (dropped)' : ''}${players ? `<small>${escapeHtml(players)}</small>` : ''}`;
}

function table(r: PairingRow): string {
  if (r.table === null) return '–';
  return r.extraMinutes > 0 ? `${r.table}<small>+${r.extraMinutes} min</small>` : String(r.table);
}

/** Pairings by table: table, team 1, team 2 (or 'Bye'), result. */
export function pairingRowsHtml(rows: readonly PairingRow[]): string {
  return rows
    .map((r) => `<tr><td class="big">${table(r)}</td><td>${team(r.team1 ?? r.team2)}</td><td>${r.status === 'Bye' ? 'Bye' : team(r.team2)}</td><td class="tab">${escapeHtml(resultText(r))}</td></tr>`)
    .join('');
}

/** Players A–Z: player (their team under it), table (or 'Bye'), opponent. */
export function seatRowsHtml(seats: readonly PlayerSeat[]): string {
  return seats
    .map((s) => `<tr><td><b>${escapeHtml(s.player)}</b>${s.team !== s.player ? `<small>${escapeHtml(s.team)}</small>` : ''}</td><td class="big">${s.table ?? 'Bye'}</td><td>${s.opponent === null ? '–' : escapeHtml(s.opponent)}</td></tr>`)
    .join('');
}

/** Standings: placement (or rank), team, points, W-L-T, OMW %, OOMW % ('–' while nothing is behind one). */
export function standingRowsHtml(rows: readonly PrintStandingRow[], placed: boolean): string {
  return rows
    .map((r) => {
      const place = placed ? escapeHtml(r.placement ?? '') : r.rank;
      const who = team({ id: r.teamId, name: r.teamName, players: r.players, dropped: r.dropped });
      return `<tr><td class="strong">${place}</td><td>${who}</td><td class="num strong">${r.points}</td><td class="num">${r.wins}-${r.losses}-${r.ties}</td><td class="num">${sharePercent(r.omw)}</td><td class="num">${sharePercent(r.oomw)}</td></tr>`;
    })
    .join('');
}
