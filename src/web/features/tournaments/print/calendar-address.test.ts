import { expect, test } from 'vitest';
import { calendarAddresses } from './calendar-address.ts';

test.each([
  ['https://hub.example', { web: 'https://hub.example/api/tournaments.ics', webcal: 'webcal://hub.example/api/tournaments.ics' }],
  ['http://localhost:7700', { web: 'http://localhost:7700/api/tournaments.ics', webcal: 'webcal://localhost:7700/api/tournaments.ics' }],
])('the feed at %s', (origin, addresses) => expect(calendarAddresses(origin, '/api/tournaments.ics')).toEqual(addresses));
