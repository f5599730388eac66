import { describe, expect, it } from 'vitest';
import { activateLanguage, t } from '../i18n/i18n.ts';
import { displayNameOf, initialsOf, roleLabelOf } from './format.ts';

describe('initialsOf', () => {
  it.each([
    [{ firstName: 'Dana', lastName: 'Reyes', email: 'd@x.io' }, 'DR'],
    [{ firstName: 'dana', lastName: null, email: 'd@x.io' }, 'D'],
    [{ firstName: '  ', lastName: 'reyes' }, 'R'],
    [{ firstName: '', lastName: '', email: 'zoe@x.io' }, 'Z'],
    [{}, 'U'],
  ])('gives %o the initials %s', (person, expected) => {
    expect(initialsOf(person)).toBe(expected);
  });
});

describe('displayNameOf', () => {
  it.each([
    [{ firstName: 'Dana', lastName: 'Reyes', email: 'd@x.io' }, 'Dana Reyes'],
    [{ firstName: 'Dana', lastName: '', email: 'd@x.io' }, 'Dana'],
    [{ firstName: null, lastName: null, email: 'd@x.io' }, 'd@x.io'],
    [{ firstName: ' ', email: '' }, 'User'],
  ])('names %o as %s', (person, expected) => {
    expect(displayNameOf(person, t)).toBe(expected);
  });
});

describe('roleLabelOf', () => {
  it.each([
    ['admin', 'Administrator'],
    ['manager', 'Manager'],
    ['agent', 'Agent'],
    ['customer', 'User'],
    [undefined, 'User'],
  ])('labels %s as %s', (role, expected) => {
    expect(roleLabelOf(role, t)).toBe(expected);
  });

  it('labels roles in the reader’s language', async () => {
    await activateLanguage('de');
    expect(['admin', 'manager', 'agent', 'customer'].map((role) => roleLabelOf(role, t))).toEqual([
      'Administrator',
      'Manager',
      'Agent',
      'Benutzer',
    ]);
  });
});
