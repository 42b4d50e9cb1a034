import { describe, expect, test } from 'vitest';
import { SERIES_DEFAULTS } from '../../../domain/series/defaults.ts';
import { clientErrors, emptyFormState, firstErrorTab, serverErrors, toBody } from './series-form-state.ts';

describe('series form state', () => {
  test('a new form holds the spec 2 §5 defaults, numbers as typed text', () => {
    const s = emptyFormState();
    expect(s.startingLp).toBe('8000');
    expect(s.manualDeckChecking).toBe(true);
    expect(toBody(s, '1')).toMatchObject({ ...SERIES_DEFAULTS, discordId: '1' });
  });

  test.each([
    ['digits become numbers', '4000', 4000],
    ['spaces around digits are fine', ' 20 ', 20],
    ['a word is sent as typed (and refused by name)', 'lots', 'lots'],
    ['an empty box is sent as typed', '', ''],
  ])('numeric inputs: %s', (_why, typed, sent) => {
    expect(toBody({ ...emptyFormState(), startingLp: typed }, '1').startingLp).toBe(sent);
  });

  test('client errors name the field but never the name (the server checks it)', () => {
    const errors = clientErrors(toBody({ ...emptyFormState(), name: '', bestOf: 'x', minMainDeckSize: '70' }, '1'));
    expect(errors).toEqual({ bestOf: 'must be a whole number', minMainDeckSize: 'Main Deck minimum (70) must not exceed the maximum (60)' });
    expect(clientErrors(toBody({ ...emptyFormState(), minMainDeckSize: '70' }, '1'))).toEqual({
      minMainDeckSize: 'Main Deck minimum (70) must not exceed the maximum (60)',
    });
  });

  test.each([
    ['one field', 'name: Name is required', { name: 'Name is required' }, undefined],
    ['several fields', 'bestOf: must be a whole number; ruleOptions: unknown rule code "X"', { bestOf: 'must be a whole number', ruleOptions: 'unknown rule code "X"' }, undefined],
    ['the image of a multipart save goes to the picture', 'image: larger than 5 MB', { picture: 'larger than 5 MB' }, undefined],
    ['a message for the whole form', 'Series not found', {}, 'Series not found'],
  ])('server errors: %s', (_why, message, fields, form) => {
    expect(serverErrors(message)).toEqual({ fields, form });
  });

  test.each([
    ['a deck bound is on Base Settings', { maxSideDeckSize: 'x' }, 'base'],
    ['the banlist is on Procedural', { banlist: 'x', ruleOptions: 'y' }, 'procedural'],
    ['tab order wins over field order', { cardTypeFilters: 'x', name: 'y' }, 'metadata'],
    ['no errors, no tab', {}, undefined],
  ])('first error tab: %s', (_why, errors, tab) => {
    expect(firstErrorTab(errors)).toBe(tab);
  });
});
