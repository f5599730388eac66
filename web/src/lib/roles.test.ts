import { describe, expect, it } from 'vitest';
import { colorPaletteFor, isRole } from './roles.ts';

describe('roles', () => {
  it.each([
    ['admin', 'red'],
    ['manager', 'purple'],
    ['agent', 'blue'],
    ['customer', 'gray'],
    [null, 'gray'],
  ])('themes %s screens %s', (role, palette) => {
    expect(colorPaletteFor(role)).toBe(palette);
  });

  it('accepts only the three staff roles', () => {
    expect(['admin', 'manager', 'agent', 'Admin', '', 1].map(isRole)).toEqual([true, true, true, false, false, false]);
  });
});
