// How an audit log line reads: most are the action and who did it; the server's own lines (a
// Discord message that could not be delivered) say what failed, how, and what happens next.
import type { AuditEntry } from '../../../../domain/api/tournaments.ts';

/** What the server names itself in the log (webhooks: SYSTEM_ACTOR). */
export const SYSTEM_ACTOR = 'system';
export const WEBHOOK_FAILED = 'discord-webhook-failed';
/** A message about a round that is over, dropped instead of sent late (issue 30 §7). */
export const WEBHOOK_DROPPED = 'discord-webhook-dropped';

const KIND: Record<string, string> = { 'check-in': 'check-in', pairings: 'pairings', champion: 'champion', test: 'test' };
/** 'Send a test message' (issue 30 §1). */
export const WEBHOOK_TEST = 'discord-test';

export interface AuditLine {
  title: string;
  by: string;
  detail?: string;
}

/** Deck lines (issue 29): which deck of which team; a rejection's reason. */
const DECK_TITLE: Record<string, string> = { 'submit-deck': 'Deck submitted', 'delete-deck': 'Deck deleted', 'approve-deck': 'Deck approved', 'reject-deck': 'Deck rejected' };

function deckLine(e: AuditEntry, by: string): AuditLine {
  const fact = (x: unknown) => (x && typeof x === 'object' ? x as { label?: unknown; team?: unknown; reason?: unknown; approved?: unknown } : {});
  const a = { ...fact(e.before), ...fact(e.after) };
  const label = typeof a.label === 'string' ? `“${a.label}”` : 'A deck';
  const parts = [typeof a.team === 'string' ? `${label} of ${a.team}` : label];
  if (e.action === 'submit-deck' && typeof a.approved === 'boolean') parts.push(a.approved ? 'approved' : 'waiting for review');
  if (e.action === 'reject-deck' && typeof a.reason === 'string') parts.push(`reason: ${a.reason}`);
  return { title: DECK_TITLE[e.action]!, by, detail: `${parts.join(', ')}.` };
}

/** The event settings' fields as the settings dialog names them. */
const SETTING: Record<string, string> = {
  startsAt: 'start time', checkIn: 'check-in', topCut: 'top cut', swissRounds: 'Swiss rounds', roundMinutes: 'round time',
  topCutRoundMinutes: 'top cut round time', lateEntryRounds: 'late entry', discordWebhookUrl: 'Discord webhook',
  deckPrivacy: 'deck privacy', seedByRating: 'seeding by rating',
};

/** Settings lines: what changed, and a banlist change in words ('from A to B; 1 deck rejected', decision 030). */
function settingsLine(after: Record<string, unknown>, by: string): AuditLine {
  const parts: string[] = [];
  if (typeof after.banlistChange === 'string') parts.push(`Banlist ${after.banlistChange}`);
  const fields = Object.keys(after).filter((k) => k in SETTING).map((k) => SETTING[k]!);
  if (fields.length) parts.push(`Changed: ${fields.join(', ')}`);
  return { title: 'Event settings changed', by, detail: parts.length ? `${parts.join('. ')}.` : undefined };
}

export function describeAuditEntry(e: AuditEntry, time: (iso: string) => string = (iso) => new Date(iso).toLocaleTimeString()): AuditLine {
  const by = e.actorDiscordId === SYSTEM_ACTOR ? 'the server' : e.actorName || 'Unknown User';
  if (e.action in DECK_TITLE) return deckLine(e, by);
  if (e.action === WEBHOOK_TEST) return { title: 'Discord test message sent', by };
  if (e.action === 'approve-decks' && e.after && typeof e.after === 'object') {
    const a = e.after as { approved?: unknown[]; left?: number };
    const n = a.approved?.length ?? 0;
    return { title: 'Decks approved that pass the checks', by, detail: `${n} ${n === 1 ? 'deck' : 'decks'} approved${a.left ? `; ${a.left} with a problem left waiting` : ''}.` };
  }
  if (e.action === 'settings' && e.after && typeof e.after === 'object') return settingsLine(e.after as Record<string, unknown>, by);
  if (e.action === WEBHOOK_DROPPED && e.after && typeof e.after === 'object') {
    const d = e.after as { kind?: string; round?: number; reason?: string };
    const what = `Discord ${KIND[d.kind ?? ''] ?? 'message'} message${d.round ? ` of round ${d.round}` : ''}`;
    return { title: `${what} dropped`, by, detail: d.reason ? `${d.reason[0]!.toUpperCase()}${d.reason.slice(1).replace(/\.?$/, '.')}` : undefined };
  }
  if (e.action !== WEBHOOK_FAILED || !e.after || typeof e.after !== 'object') return { title: e.action, by };
  const a = e.after as { kind?: string; error?: string; attempt?: number; final?: boolean; retryAt?: string; messages?: number };
  const what = `Discord ${KIND[a.kind ?? ''] ?? 'message'} message`;
  const error = a.error ?? 'unknown error';
  if (!a.final) {
    return { title: `${what} not delivered`, by, detail: `Attempt ${a.attempt ?? 1} failed: ${error}.${a.retryAt ? ` Trying again at ${time(a.retryAt)}.` : ''}` };
  }
  const count = a.messages && a.messages > 1 ? ` (${a.messages} messages)` : '';
  return { title: `${what} given up${count}`, by, detail: `${error[0]!.toUpperCase()}${error.slice(1)}.` };
}
