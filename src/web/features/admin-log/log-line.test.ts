import { expect, test } from 'vitest';
import type { AdminLogEntry } from '../../../domain/api/admin-log.ts';
import { logLine } from './log-line.ts';

const ada = { discordId: '1', name: 'Ada' };
const entry = (action: AdminLogEntry['action'], kind: AdminLogEntry['subject']['kind'], id: string, name: string, details: AdminLogEntry['details'] = {}, actor: AdminLogEntry['actor'] = ada): AdminLogEntry =>
  ({ id: 1, at: '2026-05-12T10:00:00Z', actor, action, subject: { kind, id, name }, details });
const words = (e: AdminLogEntry) => {
  const l = logLine(e, (iso) => iso.slice(0, 10));
  return [`${l.actor?.name ?? 'The operator'} ${l.verb}${l.subject ? ` ${l.subject.name}` : ''}${l.rest}`, l.subject?.path ?? null, l.quote];
};

test.each([
  ['a promotion', entry('level', 'user', '2', 'Pat', { from: 0, to: 1, reason: 'Tuesdays' }), ['Ada made Pat a curator (was a player)', '/players/2', 'Tuesdays']],
  ['the CLI’s level', entry('level', 'user', '2', 'Pat', { from: 1, to: 2, cli: true }, null), ['The operator made Pat an admin (was a curator) with the command line', '/players/2', null]],
  ['a suspension with an end', entry('suspend', 'user', '3', 'Vic', { reason: 'Spam', until: '2026-05-19T00:00:00Z' }), ['Ada suspended Vic until 2026-05-19', '/players/3', 'Spam']],
  ['a suspension until lifted', entry('suspend', 'user', '3', 'Vic', { reason: 'Spam', until: null }), ['Ada suspended Vic until lifted', '/players/3', 'Spam']],
  ['a lift', entry('lift-suspension', 'user', '3', 'Vic'), ['Ada lifted the suspension of Vic', '/players/3', null]],
  ['a request', entry('host-request', 'user', '4', 'Ash', { note: 'GOAT nights' }, { discordId: '4', name: 'Ash' }), ['Ash asked to host', null, 'GOAT nights']],
  ['an approval', entry('host-request-approve', 'user', '4', 'Ash', { from: 0, to: 1, reason: 'Request to host approved' }), ['Ada approved the request to host of Ash: a curator now', '/players/4', null]],
  ['a decline', entry('host-request-decline', 'user', '4', 'Ash', { reason: 'Too new', note: 'x' }), ['Ada declined the request to host of Ash', '/players/4', 'Too new']],
  ['an import', entry('banlist-import', 'banlist', '2026-05-01', 'TCG (2026-05-01)', { entries: 226, kind: 'format' }), ['Ada imported the banlist TCG (2026-05-01) (226 cards)', '/banlist?date=2026-05-01', null]],
  ['a reference import', entry('banlist-import', 'banlist', 'reference:2026-05-01', 'TCG (2026-05-01)', { entries: 1, kind: 'reference' }), ['Ada imported the reference list TCG (2026-05-01) (1 card)', null, null]],
  ['a delete', entry('banlist-delete', 'banlist', '2026-05-01', 'TCG (2026-05-01)', { kind: 'format' }), ['Ada deleted the banlist TCG (2026-05-01)', null, null]],
  ['a send-off', entry('sendoff', 'banlist', '2026-06-01', 'Hub 2026-06 (2026-06-01)', { cards: 3 }), ['Ada sent off the judgement board: published Hub 2026-06 (2026-06-01) (3 cards)', '/banlist?date=2026-06-01', null]],
  ['a rated mark', entry('mark-rated', 'tournament', 'u1', 'Cup'), ['Ada marked Cup rated', '/tournaments/u1', null]],
  ['a cancel', entry('cancel-event', 'tournament', 'u1', 'Cup'), ['Ada cancelled Cup', '/tournaments/u1', null]],
])('%s', (_label, e, expected) => {
  expect(words(e)).toEqual(expected);
});
