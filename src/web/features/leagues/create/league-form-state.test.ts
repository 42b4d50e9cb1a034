import { describe, expect, it } from 'vitest';
import { LEAGUE_MESSAGES } from '../../../../domain/api/leagues.ts';
import {
  NO_BANLIST, SERIES_BANLIST, clientErrors, endAfter, initialBanlistChoice, initialState, serverErrors, toBody, type LeagueFormState,
} from './league-form-state.ts';

const NOW = new Date('2026-06-10T12:00:00');
const filled = (over: Partial<LeagueFormState> = {}): LeagueFormState => ({
  ...initialState('s1', NOW), name: 'June League', banlistChoice: '2026-05-01', ...over,
});
const bare = (m: string) => m.replace(/^\w+: /, '');

describe('the league form', () => {
  it('starts now and ends a calendar month later, with the contract’s numbers', () => {
    const s = initialState('s1', NOW);
    expect(s.startsAt).toBe('2026-06-10T12:00');
    expect(s.endsAt).toBe(endAfter(s.startsAt));
    expect(new Date(s.endsAt).getTime() - new Date(s.startsAt).getTime()).toBe(30 * 86_400_000);
    expect([s.matchesPerRun, s.confirmHours, s.deckPrivacy]).toEqual(['5', '24', 'top-cut']);
  });

  it.each([
    ['a series with its own list: that list', { banlistName: 'GOAT' }, SERIES_BANLIST],
    ['a series without: the site’s current list', { banlistName: null }, '2026-05-01'],
  ] as const)('preselects the banlist: %s', (_why, series, choice) => {
    expect(initialBanlistChoice(series, [{ date: '2026-05-01' }, { date: '2026-01-01' }] as never)).toBe(choice);
  });

  it.each([
    ['a site list by its date', '2026-05-01', { banlistDate: '2026-05-01' }],
    ['the series’ own list: banlistDate left out', SERIES_BANLIST, {}],
    ['no banlist on purpose: null', NO_BANLIST, { banlistDate: null }],
  ] as const)('sends %s', (_why, choice, part) => {
    const body = toBody(filled({ banlistChoice: choice }));
    expect('banlistDate' in body ? { banlistDate: body.banlistDate } : {}).toEqual(part);
    expect(body.startsAt).toBe(new Date('2026-06-10T12:00').toISOString());
  });

  it.each([
    ['nothing wrong', {}, {}],
    ['no name', { name: '  ' }, { name: 'a league needs a name' }],
    ['no series', { seriesId: '' }, { seriesId: 'Choose the league’s series' }],
    ['no banlist chosen', { banlistChoice: '' }, { banlistDate: 'Choose a banlist, or No banlist' }],
    ['too many matches', { matchesPerRun: '21' }, { matchesPerRun: 'must be at most 20' }],
    ['not a number', { confirmHours: 'a day' }, { confirmHours: 'must be a whole number' }],
    ['an end before the start', { endsAt: '2026-06-01T00:00' }, { endsAt: bare(LEAGUE_MESSAGES.endsBeforeStart) }],
    ['an end in the past', { startsAt: '2026-05-01T00:00', endsAt: '2026-06-01T00:00' }, { endsAt: bare(LEAGUE_MESSAGES.endsInPast) }],
    ['longer than the longest league', { endsAt: '2026-12-10T12:00' }, { endsAt: bare(LEAGUE_MESSAGES.tooLong) }],
  ] as const)('checks as the route does: %s', (_why, over, errors) => expect(clientErrors(filled(over), NOW)).toEqual(errors));

  it('puts a server 400 back on its fields', () => {
    expect(serverErrors('seriesId: there is no such series; The body must be a JSON object')).toEqual({
      fields: { seriesId: 'there is no such series' }, form: 'The body must be a JSON object',
    });
  });
});
