import { describe, expect, it } from 'vitest';
import { displayNameOf, formatChange, formatPercent, formatResponseTime, initialsOf, roleLabelOf } from './format.ts';

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
    expect(displayNameOf(person)).toBe(expected);
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
    expect(roleLabelOf(role)).toBe(expected);
  });
});

describe('formatResponseTime', () => {
  it.each([
    [0, '0m'],
    [1, '1m'],
    [59, '59m'],
    [59.4, '59m'],
    // Rounded to whole minutes before choosing the unit: never '60m'.
    [59.6, '1.0h'],
    [60, '1.0h'],
    [90, '1.5h'],
    [144, '2.4h'],
    [1500, '25.0h'],
    [null, 'N/A'],
    [undefined, 'N/A'],
  ])('shows %s minutes as %s', (minutes, expected) => {
    expect(formatResponseTime(minutes)).toBe(expected);
  });
});

describe('formatPercent', () => {
  it.each([
    [0, '0.0%'],
    [33.333, '33.3%'],
    [87.25, '87.3%'],
    [99.96, '100.0%'],
    [100, '100.0%'],
  ])('shows %s as %s', (value, expected) => {
    expect(formatPercent(value)).toBe(expected);
  });
});

describe('formatChange', () => {
  it.each([
    [12.5, '+12.5%'],
    [-3, '-3.0%'],
    [0, '0.0%'],
    [0.04, '0.0%'],
    [-0.04, '0.0%'],
    [0.05, '+0.1%'],
  ])('shows a change of %s as %s', (value, expected) => {
    expect(formatChange(value)).toBe(expected);
  });
});
