// What a signed interaction asks for, whatever its shape: a command with its options checked
// against the definitions, or the sentence that names what is wrong (issue 38 §2).
import { describe, expect, test } from 'vitest';
import { BAD_BUTTON, NO_DATA, NO_USER, NOT_HANDLED, ONLY_SLASH, readInteraction, UNREADABLE } from './interaction-input.ts';

const user = { id: '123456789012345678', username: 'pat', global_name: 'Pat', discriminator: '0', avatar: null };
const base = { id: '111', application_id: '222', token: 'tok.en-1', version: 1 };
const slash = (data: unknown) => readInteraction({ ...base, type: 2, data, member: { user, roles: [] }, guild_id: '1' });
const sentence = (i: ReturnType<typeof readInteraction>) => (i.kind === 'refused' ? i.sentence : `acted: ${i.kind}`);

describe('a command', () => {
  test('its options as text, its files from the resolved data, its user from a server or a DM', () => {
    expect(slash({ name: 'signup', type: 1, options: [{ name: 'team', type: 3, value: 'Blackwings' }, { name: 'event', type: 3, value: 'abc' }] })).toEqual({
      kind: 'command', id: '111', applicationId: '222', token: 'tok.en-1', name: 'signup',
      user: { id: user.id, username: 'pat', global_name: 'Pat', discriminator: '0' }, options: { team: 'Blackwings', event: 'abc' }, files: {},
    });
    const file = { id: '9', filename: 'deck.ydk', size: 900, url: 'https://cdn.test/a/deck.ydk' };
    expect(slash({ name: 'deck', type: 1, options: [{ name: 'file', type: 11, value: '9' }], resolved: { attachments: { 9: file } } }))
      .toMatchObject({ kind: 'command', files: { file: { url: file.url, filename: 'deck.ydk', size: 900 } } });
    expect(readInteraction({ ...base, type: 2, data: { name: 'events', type: 1 }, user })).toMatchObject({ kind: 'command', name: 'events', options: {} });
  });

  test.each([
    ['no data', undefined, NO_DATA],
    ['data that is not an object', 'events', NO_DATA],
    ['a user or message command', { name: 'events', type: 2 }, ONLY_SLASH],
    ['an unknown command', { name: 'hack', type: 1 }, 'Unknown command /hack'],
    ['a name that is not text', { name: 5, type: 1 }, 'Unknown command /5'],
    ['options as an object', { name: 'signup', type: 1, options: { team: 'x' } }, 'The options of /signup could not be read: nothing changed.'],
    ['an option that is not an object', { name: 'signup', type: 1, options: ['team'] }, 'The options of /signup could not be read: nothing changed.'],
    ['an option of the wrong type', { name: 'signup', type: 1, options: [{ name: 'team', type: 4, value: 3 }] }, 'team: must be text'],
    ['a text option holding a number', { name: 'signup', type: 1, options: [{ name: 'team', type: 3, value: 3 }] }, 'team: must be text'],
    ['a file option holding text', { name: 'deck', type: 1, options: [{ name: 'file', type: 3, value: 'x' }] }, 'file: must be a file'],
    ['a file the resolved data lacks', { name: 'deck', type: 1, options: [{ name: 'file', type: 11, value: '9' }] }, 'file: the file did not arrive: attach it again'],
    ['a file without its url', { name: 'deck', type: 1, options: [{ name: 'file', type: 11, value: '9' }], resolved: { attachments: { 9: { filename: 'a.ydk', size: 3 } } } }, 'file: the file did not arrive: attach it again'],
    ['an option the command does not have', { name: 'table', type: 1, options: [{ name: '<@&1>', type: 3, value: 'x' }] }, '\\<\\@&1\\>: not an option of /table'],
    ['an option given twice', { name: 'signup', type: 1, options: [{ name: 'team', type: 3, value: 'a' }, { name: 'team', type: 3, value: 'b' }] }, 'team: given twice'],
    ['text past its length', { name: 'signup', type: 1, options: [{ name: 'team', type: 3, value: 'x'.repeat(101) }] }, 'team: at most 100 characters'],
    ['a value outside the choices', { name: 'notifications', type: 1, options: [{ name: 'state', type: 3, value: 'maybe' }] }, 'state: must be on or off'],
    ['a required option left out', { name: 'card', type: 1, options: [] }, 'name: required'],
  ])('%s: a sentence, nothing acted on', (_why, data, expected) => expect(sentence(slash(data))).toBe(expected));
});

describe('a command with subcommands (/league)', () => {
  const league = (options: unknown, resolved?: unknown) => slash({ name: 'league', type: 1, options, ...(resolved !== undefined && { resolved }) });

  test('the subcommand chosen, with its own options and files', () => {
    expect(league([{ name: 'find', type: 1, options: [{ name: 'league', type: 3, value: 'abc' }] }]))
      .toMatchObject({ kind: 'command', name: 'league', subcommand: 'find', options: { league: 'abc' }, files: {} });
    expect(league([{ name: 'standings', type: 1 }])).toMatchObject({ kind: 'command', subcommand: 'standings', options: {} });
    const file = { id: '9', filename: 'deck.ydk', size: 900, url: 'https://cdn.test/a/deck.ydk' };
    expect(league([{ name: 'join', type: 1, options: [{ name: 'file', type: 11, value: '9' }] }], { attachments: { 9: file } }))
      .toMatchObject({ subcommand: 'join', files: { file: { filename: 'deck.ydk' } } });
  });

  test.each([
    ['no subcommand', [], '/league: choose one of join, find, cancel, report, standings, retire'],
    ['two subcommands', [{ name: 'find', type: 1 }, { name: 'cancel', type: 1 }], '/league: choose one of join, find, cancel, report, standings, retire'],
    ['an unknown subcommand', [{ name: '<@1>', type: 1 }], '/league \\<\\@1\\>: choose one of join, find, cancel, report, standings, retire'],
    ['an option where the subcommand belongs', [{ name: 'league', type: 3, value: 'x' }], '/league league: choose one of join, find, cancel, report, standings, retire'],
    ['a subcommand that is not an object', ['find'], 'The options of /league could not be read: nothing changed.'],
    ['its options as an object', [{ name: 'find', type: 1, options: { league: 'x' } }], 'The options of /league could not be read: nothing changed.'],
    ['another subcommand’s option', [{ name: 'find', type: 1, options: [{ name: 'ydke', type: 3, value: 'x' }] }], 'ydke: not an option of /league find'],
    ['a league name past its length', [{ name: 'find', type: 1, options: [{ name: 'league', type: 3, value: 'x'.repeat(101) }] }], 'league: at most 100 characters'],
  ])('%s: a sentence, nothing acted on', (_why, options, expected) => expect(sentence(league(options))).toBe(expected));

  test('autocomplete reads the focused option inside the subcommand', () => {
    const auto = readInteraction({ ...base, type: 4, data: { name: 'league', type: 1, options: [{ name: 'report', type: 1, options: [{ name: 'league', type: 3, value: 'ma', focused: true }] }] }, user });
    expect(auto).toMatchObject({ kind: 'autocomplete', name: 'league', focused: { name: 'league', value: 'ma' } });
  });
});

describe('the rest of an interaction', () => {
  test.each([
    ['not an object', '[]', UNREADABLE],
    ['no type', { ...base, user }, UNREADABLE],
    ['an id that is not a snowflake', { ...base, id: 'x', type: 3, data: { custom_id: 'a' }, user }, UNREADABLE],
    ['no token for a late answer', { ...base, token: undefined, type: 3, data: { custom_id: 'a' }, user }, UNREADABLE],
    ['a token that is not a token', { ...base, token: '../../x', type: 3, data: { custom_id: 'a' }, user }, UNREADABLE],
    ['no user', { ...base, type: 3, data: { custom_id: 'a' } }, NO_USER],
    ['a user without an id', { ...base, type: 3, data: { custom_id: 'a' }, user: { username: 'x' } }, NO_USER],
    ['a button without its custom_id', { ...base, type: 3, data: {}, user }, BAD_BUTTON],
    ['a custom_id past 100 characters', { ...base, type: 3, data: { custom_id: 'x'.repeat(101) }, user }, BAD_BUTTON],
    ['a modal', { ...base, type: 5, data: {}, user }, NOT_HANDLED],
  ])('%s', (_why, body, expected) => expect(sentence(readInteraction(body))).toBe(expected));

  test('a ping is answered whatever else it holds; autocomplete reads only a focused text option', () => {
    expect(readInteraction({ type: 1 })).toEqual({ kind: 'ping' });
    const auto = (options: unknown) => readInteraction({ ...base, type: 4, data: { name: 'card', type: 1, options }, user });
    expect(auto([{ name: 'name', type: 3, value: 'dark', focused: true }])).toMatchObject({ kind: 'autocomplete', focused: { name: 'name', value: 'dark' } });
    expect(auto([{ name: 'name', type: 4, value: 3, focused: true }])).toMatchObject({ kind: 'autocomplete', focused: undefined });
    expect(auto('nope')).toMatchObject({ kind: 'autocomplete', focused: undefined });
    expect(readInteraction({ ...base, type: 4, user })).toMatchObject({ kind: 'refused', autocomplete: true });
  });
});
