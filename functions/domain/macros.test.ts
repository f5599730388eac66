import { describe, expect, it } from 'vitest';
import { createMacroSchema, type Macro, unknownPlaceholders } from '#shared/schemas/macro.ts';
import type { User } from '#shared/schemas/user.ts';
import { macroEdit, newMacro, renderMacro } from './macros.ts';

const person = (role: User['role'], id = `${role}-1`) =>
  ({ id, role, firstName: 'Lena', lastName: 'Vogel', email: `${id}@desk.test` }) as User;

const macro = (overrides: Partial<Macro> = {}): Macro => ({
  id: 'm-1',
  title: 'Withdrawal',
  body: { en: 'Hi {{customer.email}}', fr: 'Bonjour {{customer.email}}' },
  actions: {},
  shared: false,
  approvedForRestricted: false,
  ownerId: 'agent-1',
  ownerName: 'Lena Vogel',
  usageCount: 3,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

const ticket = { id: 42, subject: 'Stuck', customerEmail: 'ann@example.com' };

describe('renderMacro', () => {
  it('fills every placeholder, with or without spaces inside the braces', () => {
    const body = { en: '{{customer.email}} {{ ticket.code }} {{ticket.subject}} {{agent.firstName}}' };
    expect(renderMacro({ body, actions: {} }, { ticket, agent: person('agent') }).content).toBe(
      'ann@example.com TKT-000042 Stuck Lena',
    );
  });

  it('writes the customer language when the macro has it, English otherwise and when the language is unknown', () => {
    const render = (customerLanguage?: 'fr' | 'zh') =>
      renderMacro(macro(), { ticket: { ...ticket, customerLanguage }, agent: person('agent') });
    expect(render('fr')).toMatchObject({ content: 'Bonjour ann@example.com', language: 'fr' });
    expect(render('zh')).toMatchObject({ content: 'Hi ann@example.com', language: 'en' });
    expect(render()).toMatchObject({ language: 'en' });
  });

  it('does not read a value back into the text: a subject holding braces stays as written', () => {
    const content = renderMacro(
      { body: { en: '{{ticket.subject}} / {{customer.email}}' }, actions: {} },
      { ticket: { ...ticket, subject: '{{customer.email}}' }, agent: person('agent') },
    ).content;
    expect(content).toBe('{{customer.email}} / ann@example.com');
  });
});

describe('the macro schema', () => {
  it('names the unknown placeholders of a text', () => {
    expect(unknownPlaceholders('{{ticket.code}} {{customer.name}} {{ customer.name }} {{}}')).toEqual([
      'customer.name',
      '',
    ]);
  });

  it('drops blank translations, so the reply falls back to English', () => {
    const parsed = createMacroSchema.parse({ title: ' T ', body: { en: 'Hi', de: '  ' } });
    expect(parsed).toMatchObject({ title: 'T', shared: false, actions: {} });
    expect(parsed.body.de).toBeUndefined();
  });
});

describe('who may share and change macros', () => {
  const now = new Date('2026-02-01T00:00:00.000Z');

  it('lets an agent write their own macro but not a shared one', () => {
    const input = createMacroSchema.parse({ title: 'Mine', body: { en: 'Hi' } });
    expect(newMacro(input, 'm-2', person('agent'), now)).toMatchObject({ shared: false, ownerId: 'agent-1' });
    expect(() => newMacro({ ...input, shared: true }, 'm-3', person('agent'), now)).toThrow(
      expect.objectContaining({ statusCode: 403 }),
    );
    expect(newMacro({ ...input, shared: true }, 'm-4', person('manager'), now).shared).toBe(true);
  });

  it('hides another agent’s own macro (404) and keeps shared ones for admins and managers (403)', () => {
    expect(() => macroEdit(macro(), { title: 'x' }, person('agent', 'agent-2'))).toThrow(
      expect.objectContaining({ statusCode: 404 }),
    );
    expect(() => macroEdit(macro({ shared: true }), { title: 'x' }, person('agent'))).toThrow(
      expect.objectContaining({ statusCode: 403 }),
    );
    expect(macroEdit(macro({ shared: true }), { title: 'x' }, person('admin'))).toEqual({ title: 'x' });
  });

  it('changes only what differs', () => {
    const current = macro();
    expect(macroEdit(current, { title: current.title, body: { ...current.body } }, person('agent'))).toEqual({});
    expect(macroEdit(current, { actions: { status: 'resolved' } }, person('agent'))).toEqual({
      actions: { status: 'resolved' },
    });
  });
});
