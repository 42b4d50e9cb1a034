// The custom_id of every button the bot puts in a message (at most 100 characters, Discord's limit).
// A custom_id comes back from Discord as client input: it names what the button is about (an
// event, a match, a team, a score), never who may press it; the server checks the presser.

const UID = '[\\w-]{1,64}';

/** rp: report a score; rd: ask to confirm a draw; ro: open the report buttons; cf: the opponent confirms; ds: the opponent disputes. */
export type ResultAction = 'rp' | 'rd' | 'ro' | 'cf' | 'ds';
export interface ResultButton { action: ResultAction; eventUid: string; matchId: number; teamUid: string; own?: number; other?: number }

const RESULT = new RegExp(`^(rp|rd|ro|cf|ds):(${UID}):(\\d{1,12}):(${UID})(?::(\\d{1,2})-(\\d{1,2}))?$`);
const CHECK_IN = new RegExp(`^ci:(${UID})$`);
const DROP = new RegExp(`^drop:(${UID}):(${UID})$`);
const NEXT_ROUND = new RegExp(`^rn:(${UID}):(\\d{1,4})$`);

export const resultButtonId = (b: ResultButton) =>
  `${b.action}:${b.eventUid}:${b.matchId}:${b.teamUid}${b.own !== undefined ? `:${b.own}-${b.other}` : ''}`;

export function parseResultButton(customId: string): ResultButton | undefined {
  const m = RESULT.exec(customId);
  if (!m) return undefined;
  const scored = m[5] !== undefined;
  if (scored !== (m[1] === 'rp' || m[1] === 'rd' || m[1] === 'cf')) return undefined;
  return { action: m[1] as ResultAction, eventUid: m[2]!, matchId: Number(m[3]), teamUid: m[4]!, ...(scored && { own: Number(m[5]), other: Number(m[6]) }) };
}

/** The check-in DM's button: it names the event only; whoever presses it checks in their own team. */
export const checkInButtonId = (eventUid: string) => `ci:${eventUid}`;
export function parseCheckInButton(customId: string): { eventUid: string } | undefined {
  const m = CHECK_IN.exec(customId);
  return m ? { eventUid: m[1]! } : undefined;
}

/** The drop confirmation: it names the event and the team. */
export const dropButtonId = (eventUid: string, teamUid: string) => `drop:${eventUid}:${teamUid}`;
export function parseDropButton(customId: string): { eventUid: string; teamUid: string } | undefined {
  const m = DROP.exec(customId);
  return m ? { eventUid: m[1]!, teamUid: m[2]! } : undefined;
}

/** The top-cut confirmation: the event and the round it moves on from (a stale button does nothing). */
export const nextRoundButtonId = (eventUid: string, round: number) => `rn:${eventUid}:${round}`;
export function parseNextRoundButton(customId: string): { eventUid: string; round: number } | undefined {
  const m = NEXT_ROUND.exec(customId);
  return m ? { eventUid: m[1]!, round: Number(m[2]) } : undefined;
}

/**
 * A league's buttons (issue 41): lo opens the report buttons, lr reports a score (the presser's games
 * first), lc confirms and ld disputes the opponent's report, lx retires a run (the confirmation of
 * /league retire). Each names the league and a match (a run for lx), never who presses: the site's
 * route acts as the presser and refuses anyone but the match's player (the run's, for lx).
 */
export type LeagueAction = 'lo' | 'lr' | 'lc' | 'ld' | 'lx';
export interface LeagueButton { action: LeagueAction; leagueId: string; id: number; own?: number; other?: number }

const LEAGUE = new RegExp(`^(lo|lr|lc|ld|lx):(${UID}):(\\d{1,12})(?::(\\d)-(\\d))?$`);

export const leagueButtonId = (b: LeagueButton) => `${b.action}:${b.leagueId}:${b.id}${b.own !== undefined ? `:${b.own}-${b.other}` : ''}`;

export function parseLeagueButton(customId: string): LeagueButton | undefined {
  const m = LEAGUE.exec(customId);
  if (!m) return undefined;
  const scored = m[4] !== undefined;
  if (scored !== (m[1] === 'lr')) return undefined;
  return { action: m[1] as LeagueAction, leagueId: m[2]!, id: Number(m[3]), ...(scored && { own: Number(m[4]), other: Number(m[5]) }) };
}

export type Button =
  | { kind: 'result'; button: ResultButton }
  | { kind: 'league'; button: LeagueButton }
  | { kind: 'check-in'; eventUid: string }
  | { kind: 'drop'; eventUid: string; teamUid: string }
  | { kind: 'next-round'; eventUid: string; round: number };

/** What a pressed button asks for; undefined for a custom_id the bot never made (or no longer makes). */
export function parseButton(customId: string): Button | undefined {
  const result = parseResultButton(customId);
  if (result) return { kind: 'result', button: result };
  const league = parseLeagueButton(customId);
  if (league) return { kind: 'league', button: league };
  const checkIn = parseCheckInButton(customId);
  if (checkIn) return { kind: 'check-in', ...checkIn };
  const drop = parseDropButton(customId);
  if (drop) return { kind: 'drop', ...drop };
  const next = parseNextRoundButton(customId);
  return next && { kind: 'next-round', ...next };
}
