import { describe, expect, test } from 'vitest';
import { eventStage, settingEditable, settingsProblems, type EventSettingValues } from './event-settings.ts';

const current: EventSettingValues = {
  startsAt: '2026-12-05T19:00:00.000Z', checkIn: true, topCut: 4, swissRounds: null, roundMinutes: 50, topCutRoundMinutes: 0,
  lateEntryRounds: 2, discordWebhookUrl: null, deckPrivacy: 'top-cut', seedByRating: false, banlistDate: '2026-05-01',
};

describe('event settings by stage', () => {
  test.each([
    [{ inProgress: false, completed: false, cancelled: false, closed: false }, 'before'],
    [{ inProgress: true, completed: false, cancelled: false, closed: false }, 'running'],
    [{ inProgress: true, completed: true, cancelled: false, closed: false }, 'over'],
    [{ inProgress: false, completed: false, cancelled: true, closed: false }, 'over'],
  ] as const)('%o is %s', (t, stage) => expect(eventStage(t)).toBe(stage));

  test.each([
    ['before', { startsAt: null, checkIn: false, topCut: 8, swissRounds: 9, lateEntryRounds: 3 }, []],
    ['running', { roundMinutes: 30, topCutRoundMinutes: 60, discordWebhookUrl: 'https://discord.com/api/webhooks/1/a' }, []],
    ['running', { startsAt: current.startsAt, checkIn: true, topCut: 4, swissRounds: null, lateEntryRounds: 2 }, []],
    ['running', { lateEntryRounds: 1 }, []],
    ['running', { lateEntryRounds: 3 }, ['lateEntryRounds: late entry can only be shortened once the event has started']],
    ['running', { startsAt: null }, ['startsAt: the start time cannot change once the event has started']],
    ['running', { checkIn: false, topCut: 8 }, [
      'checkIn: check-in cannot be turned on or off once the event has started',
      'topCut: the top cut is fixed once the event has started (roundCount counts it)',
    ]],
    ['running', { swissRounds: 5 }, ['swissRounds: the Swiss rounds are fixed once the event has started (roundCount counts them)']],
    ['before', { deckPrivacy: 'all', seedByRating: true }, []],
    ['running', { deckPrivacy: 'top-cut', seedByRating: false }, []],
    ['running', { deckPrivacy: 'closed', seedByRating: true }, [
      'deckPrivacy: deck privacy is fixed once the event has started: players signed up knowing it',
      'seedByRating: round 1 was paired at the start',
    ]],
    ['before', { banlistDate: '2026-07-01' }, []],
    ['before', { banlistDate: null }, []],
    ['running', { banlistDate: '2026-05-01' }, []],
    ['running', { banlistDate: '2026-07-01' }, ['banlistDate: the banlist is fixed once the event has started: the decks were checked against it']],
    ['over', { roundMinutes: 30 }, ['The tournament is over: its settings no longer change']],
    ['over', { roundMinutes: 50 }, []],
  ] as const)('%s, changes %o: %o', (stage, changes, problems) => expect(settingsProblems(stage, current, changes)).toEqual(problems));

  test.each([
    ['startsAt', 'before', true],
    ['startsAt', 'running', false],
    ['roundMinutes', 'running', true],
    ['discordWebhookUrl', 'running', true],
    ['lateEntryRounds', 'running', true],
    ['topCut', 'running', false],
    ['roundMinutes', 'over', false],
    ['deckPrivacy', 'before', true],
    ['deckPrivacy', 'running', false],
    ['banlistDate', 'before', true],
    ['banlistDate', 'running', false],
  ] as const)('%s editable while %s: %s', (field, stage, editable) => expect(settingEditable(field, stage)).toBe(editable));
});
