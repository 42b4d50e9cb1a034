import { describe, expect, test } from 'vitest';
import type { BanlistSummary } from '../../../../domain/api/banlists.ts';
import { banlistChange, banlistChoiceOf, NO_BANLIST, OWN_BANLIST } from './event-banlist.ts';

const list = (date: string, name: string): BanlistSummary => ({ date, name, kind: 'format', whitelist: false, entries: 1, hash: 1, points: false });
const lists = [list('2026-07-01', '2026.07 OCG'), list('2026-05-01', '2026.05 Worlds')];

describe('the settings dialog’s banlist', () => {
  test('shows the event’s list among the site’s by name, its own list, or none', () => {
    expect(banlistChoiceOf({ hasBanlist: true, banlistName: '2026.05 Worlds' }, lists)).toBe('2026-05-01');
    expect(banlistChoiceOf({ hasBanlist: true, banlistName: 'My pasted list' }, lists)).toBe(OWN_BANLIST);
    expect(banlistChoiceOf({ hasBanlist: false, banlistName: null }, lists)).toBe(NO_BANLIST);
  });
  test('sends banlistDate only for a change: a date, or null for none', () => {
    expect(banlistChange('2026-05-01', '2026-05-01')).toEqual({});
    expect(banlistChange('2026-05-01', '2026-07-01')).toEqual({ banlistDate: '2026-07-01' });
    expect(banlistChange('2026-05-01', NO_BANLIST)).toEqual({ banlistDate: null });
    expect(banlistChange(NO_BANLIST, OWN_BANLIST)).toEqual({});
  });
});
