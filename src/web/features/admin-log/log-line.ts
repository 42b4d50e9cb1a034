// A line of the admin log in words (issue 39): who did what to whom, the subject a link where it
// has a page. Pure, so each action's sentence is tested with a table.
import { subjectPath } from '../../../domain/admin-log/actions.ts';
import type { AdminLogEntry } from '../../../domain/api/admin-log.ts';
import { aLevel } from '../../../domain/people/levels.ts';

export interface LogLine {
  /** null: the operator's command line */
  actor: { discordId: string; name: string } | null;
  /** the words between the actor and the subject */
  verb: string;
  subject: { name: string; path: string | null } | null;
  /** the words after the subject */
  rest: string;
  /** the reason or note given, shown apart */
  quote: string | null;
}

const count = (n: number | undefined, what: string) => (n === undefined ? '' : ` (${n} ${what}${n === 1 ? '' : 's'})`);

/** `day` writes a suspension's end in the reader's words. */
export function logLine(e: AdminLogEntry, day: (iso: string) => string): LogLine {
  const d = e.details;
  const subject = { name: e.subject.name, path: subjectPath(e.subject.kind, e.subject.id, e.action) };
  const line = (verb: string, rest = '', quote: string | null = d.reason ?? null): LogLine => ({ actor: e.actor, verb, subject, rest, quote });
  switch (e.action) {
    case 'level':
      return line('made', ` ${aLevel(d.to ?? 0)} (was ${aLevel(d.from ?? 0)})${d.cli ? ' with the command line' : ''}`);
    case 'suspend':
      return line('suspended', d.until ? ` until ${day(d.until)}` : ' until lifted');
    case 'lift-suspension':
      return line('lifted the suspension of');
    case 'host-request':
      // the asker is the subject: "Ash asked to host"
      return { actor: e.actor, verb: 'asked to host', subject: null, rest: '', quote: d.note || null };
    case 'host-request-approve':
      return line('approved the request to host of', d.to !== undefined && d.from !== d.to ? `: ${aLevel(d.to)} now` : '', null);
    case 'host-request-decline':
      return line('declined the request to host of');
    case 'banlist-import':
      return line(d.kind === 'reference' ? 'imported the reference list' : 'imported the banlist', count(d.entries, 'card'));
    case 'banlist-delete':
      return line(d.kind === 'reference' ? 'deleted the reference list' : 'deleted the banlist');
    case 'sendoff':
      return line('sent off the judgement board: published', count(d.cards, 'card'));
    case 'mark-rated':
      return line('marked', ' rated');
    case 'mark-unrated':
      return line('marked', ' unrated');
    case 'cancel-event':
      return line('cancelled');
  }
}
