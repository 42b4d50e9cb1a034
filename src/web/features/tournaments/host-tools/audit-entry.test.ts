import { describe, expect, test } from 'vitest';
import type { AuditEntry } from '../../../../domain/api/tournaments.ts';
import { describeAuditEntry } from './audit-entry.ts';

const entry = (e: Partial<AuditEntry>): AuditEntry => ({ id: 1, actorDiscordId: '1', actorName: 'Hosta', action: 'start', before: null, after: null, at: '2026-12-05T19:00:00Z', ...e });
const time = (iso: string) => iso.slice(11, 16);

describe('audit log lines', () => {
  test('an action and who did it', () => {
    expect(describeAuditEntry(entry({}))).toEqual({ title: 'start', by: 'Hosta' });
    expect(describeAuditEntry(entry({ actorName: null }))).toEqual({ title: 'start', by: 'Unknown User' });
  });
  test('a Discord message that failed and will be tried again', () => {
    const after = { kind: 'pairings', status: 500, error: 'HTTP 500: Internal Server Error', attempt: 2, final: false, retryAt: '2026-12-05T19:05:00Z' };
    expect(describeAuditEntry(entry({ actorDiscordId: 'system', actorName: null, action: 'discord-webhook-failed', after }), time)).toEqual({
      title: 'Discord pairings message not delivered', by: 'the server', detail: 'Attempt 2 failed: HTTP 500: Internal Server Error. Trying again at 19:05.',
    });
  });
  test('a settings change names the fields, and a banlist change in words', () => {
    expect(describeAuditEntry(entry({ action: 'settings', after: { roundMinutes: 45, discordWebhookUrl: 'https://discord.com/api/webhooks/1/…' } }))).toEqual({
      title: 'Event settings changed', by: 'Hosta', detail: 'Changed: round time, Discord webhook.',
    });
    const after = { banlistDate: '2026-07-01', banlist: '2026.07 OCG', decksRejected: [{ deckId: 3 }], banlistChange: 'from none to 2026.07 OCG; 1 deck rejected' };
    expect(describeAuditEntry(entry({ action: 'settings', after }))).toEqual({
      title: 'Event settings changed', by: 'Hosta', detail: 'Banlist from none to 2026.07 OCG; 1 deck rejected.',
    });
  });
  test('decks approved at once: how many, and how many with a problem still wait', () => {
    expect(describeAuditEntry(entry({ action: 'approve-decks', after: { approved: [{ deckId: 1 }, { deckId: 2 }], left: 1 } }))).toEqual({
      title: 'Decks approved that pass the checks', by: 'Hosta', detail: '2 decks approved; 1 with a problem left waiting.',
    });
  });
  test('a test message the host sent, and its failure', () => {
    expect(describeAuditEntry(entry({ action: 'discord-test' }))).toEqual({ title: 'Discord test message sent', by: 'Hosta' });
    const after = { kind: 'test', status: 502, error: 'HTTP 502; a test message is tried once', attempt: 1, final: true };
    expect(describeAuditEntry(entry({ actorDiscordId: 'system', actorName: null, action: 'discord-webhook-failed', after }))).toEqual({
      title: 'Discord test message given up', by: 'the server', detail: 'HTTP 502; a test message is tried once.',
    });
  });
  test('a Discord message given up', () => {
    const after = { kind: 'champion', status: 404, error: 'HTTP 404: Unknown Webhook (10015): the webhook was deleted', attempt: 1, final: true, messages: 3 };
    expect(describeAuditEntry(entry({ actorDiscordId: 'system', actorName: null, action: 'discord-webhook-failed', after }))).toEqual({
      title: 'Discord champion message given up (3 messages)', by: 'the server', detail: 'HTTP 404: Unknown Webhook (10015): the webhook was deleted.',
    });
  });
  test('deck lines name the deck, its team and a rejection’s reason', () => {
    const after = { deckId: 7, label: 'Blue-Eyes', teamUid: 't1', team: 'Joey', player: '2', approved: false };
    expect(describeAuditEntry(entry({ action: 'submit-deck', after }))).toEqual({ title: 'Deck submitted', by: 'Hosta', detail: '“Blue-Eyes” of Joey, waiting for review.' });
    expect(describeAuditEntry(entry({ action: 'reject-deck', after: { ...after, reason: 'Three Pot of Greed' } }))).toEqual({
      title: 'Deck rejected', by: 'Hosta', detail: '“Blue-Eyes” of Joey, reason: Three Pot of Greed.',
    });
    // a line written before issue 29 kept the deck in `before`, without its team
    expect(describeAuditEntry(entry({ action: 'delete-deck', before: { deckId: 7, label: 'Old', memberId: 3 } }))).toEqual({ title: 'Deck deleted', by: 'Hosta', detail: '“Old”.' });
  });
  test('a Discord message dropped because its round is over', () => {
    const after = { kind: 'pairings', round: 1, reason: 'round 2 has been paired', attempts: 3 };
    expect(describeAuditEntry(entry({ actorDiscordId: 'system', actorName: null, action: 'discord-webhook-dropped', after }))).toEqual({
      title: 'Discord pairings message of round 1 dropped', by: 'the server', detail: 'Round 2 has been paired.',
    });
  });
});
