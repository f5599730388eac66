import { describe, expect, it } from 'vitest';
import type { Macro } from '#shared/schemas/macro.ts';
import { matchingMacros } from './macro-display.ts';
import { macroFormSchema, macroFormValues, macroInputOf } from './macro-form.ts';

const macro: Macro = {
  id: 'm-1',
  title: 'Withdrawal delayed',
  body: { en: 'Hi {{customer.email}}', ja: 'こんにちは' },
  actions: { status: 'resolved', waitingOnCustomer: false },
  shared: true,
  approvedForRestricted: false,
  ownerId: 'u-1',
  ownerName: 'Maria Santos',
  usageCount: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('the macro form', () => {
  it('opens with the macro’s values, a blank text for each language it lacks and "no change" for each action', () => {
    expect(macroFormValues(macro)).toEqual({
      title: 'Withdrawal delayed',
      body: { en: 'Hi {{customer.email}}', es: '', fr: '', de: '', zh: '', ja: 'こんにちは' },
      status: 'resolved',
      priority: '',
      category: '',
      waiting: 'stop',
      shared: true,
      approvedForRestricted: false,
    });
  });

  it('sends back the same macro: only the languages written and the actions that change something', () => {
    const values = macroFormSchema.parse(macroFormValues(macro));
    expect(macroInputOf(values)).toEqual({
      title: macro.title,
      body: macro.body,
      actions: macro.actions,
      shared: true,
      approvedForRestricted: false,
    });
  });

  it('refuses a blank English text and an unknown placeholder in any language', () => {
    const blank = macroFormSchema.safeParse({ ...macroFormValues(undefined), title: 'T' });
    expect(blank.success).toBe(false);
    const unknown = macroFormSchema.safeParse({
      ...macroFormValues(macro),
      body: { ...macroFormValues(macro).body, de: 'Hallo {{kunde.name}}' },
    });
    expect(unknown.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['body.de']);
  });
});

describe('matchingMacros', () => {
  const macros = [{ title: 'Withdrawal delayed' }, { title: 'KYC documents needed' }, { title: 'Deposit delayed' }];

  it('keeps the macros whose title holds every word typed, in any case, all of them for nothing typed', () => {
    expect(matchingMacros(macros, 'DELAYED with')).toEqual([{ title: 'Withdrawal delayed' }]);
    expect(matchingMacros(macros, 'delayed')).toHaveLength(2);
    expect(matchingMacros(macros, '  ')).toHaveLength(3);
    expect(matchingMacros(macros, 'refund')).toEqual([]);
  });
});
