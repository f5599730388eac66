import { describe, expect, it } from 'vitest';
import type { FieldChange } from '#shared/schemas/ticket.ts';
import { activateLanguage, t } from '../../i18n/i18n.ts';
import { changeText, historyHeadline, mailNoteText } from './history-text.ts';

const upstream = { type: 'apiKey', id: 'k1', name: 'Upstream trading system' } as const;

describe('historyHeadline', () => {
  it.each([
    ['created', 'Upstream trading system created the ticket'],
    ['assigned', 'Upstream trading system assigned the ticket'],
    ['overdue', 'Upstream trading system marked the ticket overdue'],
  ] as const)('writes %s as %j', (action, expected) => {
    expect(historyHeadline(upstream, action, t)).toBe(expected);
  });

  it('names the help desk’s overdue check in the reader’s language', async () => {
    const overdueCheck = { type: 'system', id: 'overdue-job', name: 'Overdue check' } as const;
    expect(historyHeadline(overdueCheck, 'overdue', t)).toBe('Overdue check marked the ticket overdue');
    await activateLanguage('de');
    expect(historyHeadline(overdueCheck, 'overdue', t)).toBe('Fristprüfung hat das Ticket als überfällig markiert');
  });
});

describe('mailNoteText', () => {
  it('says which e-mail went where, or came from whom', () => {
    expect(mailNoteText({ direction: 'sent', kind: 'acknowledgement', address: 'ann@example.com' }, t)).toBe(
      'E-mail sent to ann@example.com: the acknowledgement',
    );
    expect(mailNoteText({ direction: 'received', kind: 'reply', address: 'ann@example.com' }, t)).toBe(
      'E-mail received from ann@example.com: a reply',
    );
  });

  it('names the help desk as the sender of its own e-mails, in the reader’s language', async () => {
    const helpDesk = { type: 'system', id: 'mail', name: 'Help desk' } as const;
    expect(historyHeadline(helpDesk, 'emailed', t)).toBe('Help desk sent an e-mail');
    await activateLanguage('fr');
    expect(mailNoteText({ direction: 'sent', kind: 'reply', address: 'ann@example.com' }, t)).toBe(
      'E-mail envoyé à ann@example.com\u00a0: une réponse',
    );
  });
});

describe('changeText', () => {
  it.each<[FieldChange, string]>([
    [{ field: 'status', from: 'open', to: 'in_progress' }, 'Status: Open → In Progress'],
    [{ field: 'priority', from: 'low', to: 'critical' }, 'Priority: Low → Critical'],
    [{ field: 'category', from: 'fiat_deposit', to: 'kyc' }, 'Category: fiat deposit → kyc'],
    [{ field: 'assignedTo', from: null, to: { id: 'a2', name: 'Priya Nair' } }, 'Assignee: Unassigned → Priya Nair'],
    [
      { field: 'assignedTo', from: { id: 'a1', name: 'Sam Lee' }, to: { id: 'a2', name: 'Priya Nair' } },
      'Assignee: Sam Lee → Priya Nair',
    ],
    [{ field: 'isOverdue', from: false, to: true }, 'Overdue: No → Yes'],
    [{ field: 'responseTime', from: null, to: 42 }, 'First response: 42 min'],
    [{ field: 'subject', from: 'Old', to: 'New' }, 'Subject: Old → New'],
    [{ field: 'description', from: 'a long text', to: 'another long text' }, 'Description edited'],
    [
      { field: 'deadline', from: '2025-01-06T23:30:00.000Z', to: '2025-01-07T01:30:00.000Z' },
      'Deadline: Jan 7, 2025, 8:30 AM → Jan 7, 2025, 10:30 AM',
    ],
  ])('writes %j as %j (in Tokyo time)', (change, expected) => {
    expect(changeText(change, { t, language: 'en', timeZone: 'Asia/Tokyo' }).replace(/\s/g, ' ')).toBe(expected);
  });

  it('names the incident a ticket was linked to, moved to, taken out of, or answered and resolved from', async () => {
    const format = { t, language: 'en', timeZone: 'UTC' } as const;
    expect(changeText({ field: 'parent', from: null, to: 'TKT-000005' }, format)).toBe('Incident: TKT-000005');
    expect(changeText({ field: 'parent', from: 'TKT-000005', to: 'TKT-000009' }, format)).toBe(
      'Incident: TKT-000005 → TKT-000009',
    );
    expect(changeText({ field: 'parent', from: 'TKT-000005', to: null }, format)).toBe('Incident: TKT-000005 → —');
    expect(changeText({ field: 'incident', from: null, to: 'TKT-000005' }, format)).toBe('Incident: TKT-000005');
    await activateLanguage('de');
    expect(changeText({ field: 'incident', from: null, to: 'TKT-000005' }, { ...format, language: 'de' })).toBe(
      'Vorfall: TKT-000005',
    );
  });

  it('writes a change in the reader’s language, its values as the screens write them', async () => {
    await activateLanguage('ja');
    const format = { t, language: 'ja', timeZone: 'Asia/Tokyo' } as const;
    expect(changeText({ field: 'status', from: 'open', to: 'resolved' }, format)).toBe(
      'ステータス：オープン → 解決済み',
    );
    expect(changeText({ field: 'responseTime', from: null, to: 42 }, format)).toBe('初回応答：42 分');
  });

  it('says what was redacted from which field in the reader’s language, also for a note stored in English', async () => {
    const format = { t, language: 'en', timeZone: 'UTC' } as const;
    const note = { field: 'redacted', from: null, to: 'description:cardNumber,seedPhrase' };
    expect(changeText(note, format)).toBe('Description: redacted card number and seed phrase');
    const old = { field: 'redacted', from: null, to: 'private key in rating comment' };
    expect(changeText(old, format)).toBe('Rating comment: redacted private key');
    await activateLanguage('de');
    expect(changeText(note, { ...format, language: 'de' })).toBe('Beschreibung: Kartennummer und Seed-Phrase entfernt');
    await activateLanguage('ja');
    expect(changeText(old, { ...format, language: 'ja' })).toBe('評価のコメント：秘密鍵を削除しました');
  });
});
