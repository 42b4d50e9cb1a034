// How an audit log line reads: most are the action and who did it; the server's own lines (a
// Discord message that could not be delivered) say what failed, how, and what happens next.
import type { AuditEntry } from '../../../domain/api/tournaments.ts';

/** What the server names itself in the log (webhooks: SYSTEM_ACTOR). */
export const SYSTEM_ACTOR = 'system';
export const WEBHOOK_FAILED = 'discord-webhook-failed';

const KIND: Record<string, string> = { 'check-in': 'check-in', pairings: 'pairings', champion: 'champion' };

export interface AuditLine {
  title: string;
  by: string;
  detail?: string;
}

export function describeAuditEntry(e: AuditEntry, time: (iso: string) => string = (iso) => new Date(iso).toLocaleTimeString()): AuditLine {
  const by = e.actorDiscordId === SYSTEM_ACTOR ? 'the server' : e.actorName || 'Unknown User';
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
