/**
 * Demo data for the embedded runtime, written once on the first start: the five demo staff, the categories of
 * docs/product.md §9, and about thirty tickets of every status, priority and type spread over the last two weeks, made
 * through the same use cases the API calls (so aggregates, history and indexes are what the product makes).
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  COLOR_PALETTE,
  INITIAL_CATEGORIES,
  PRIORITIES,
  TICKET_TYPES,
  type Priority,
  type Role,
  type TicketStatus,
} from '#shared/constants.ts';
import { displayNameFromName } from '#shared/format.ts';
import type { User } from '#shared/schemas/user.ts';
import { keys } from '#functions/data/table.ts';
import { addCategory } from '#functions/use-cases/categories/manage-categories.ts';
import { addMacro } from '#functions/use-cases/macros/manage-macros.ts';
import type { CreateMacroInput } from '#shared/schemas/macro.ts';
import { createStaffAccount } from '#functions/use-cases/staff/create-staff-account.ts';
import { assignTicket } from '#functions/use-cases/tickets/assign-ticket.ts';
import { createTicket } from '#functions/use-cases/tickets/create-ticket.ts';
import { rateTicket } from '#functions/use-cases/tickets/rate-ticket.ts';
import { addStaffComment } from '#functions/use-cases/tickets/thread.ts';
import { updateTicket } from '#functions/use-cases/tickets/update-ticket.ts';
import { staffCaller, systemCaller } from '#functions/domain/caller.ts';
import { dynamo } from '#functions/lib/clients.ts';
import { config } from '#functions/lib/config.ts';
import { JOB_HANDLERS } from '#functions/api/routes.ts';
import { loadHandler } from './handlers.ts';
import { lambdaContext } from './lambda-context.ts';
import { scheduledEvent } from './scheduler.ts';

export const DEMO_USERS: ReadonlyArray<{ email: string; role: Role; firstName: string; lastName: string }> = [
  { email: 'admin@demo.local', role: 'admin', firstName: 'Alex', lastName: 'Morgan' },
  { email: 'manager@demo.local', role: 'manager', firstName: 'Maria', lastName: 'Santos' },
  { email: 'agent1@demo.local', role: 'agent', firstName: 'Sam', lastName: 'Lee' },
  { email: 'agent2@demo.local', role: 'agent', firstName: 'Priya', lastName: 'Nair' },
  { email: 'agent3@demo.local', role: 'agent', firstName: 'Jonas', lastName: 'Becker' },
];

const SUBJECTS: Record<string, string[]> = {
  kyc: ['KYC documents rejected twice', 'Proof of address not accepted'],
  fiat_deposit: ['SEPA deposit not credited after 2 days', 'Card deposit declined by bank'],
  fiat_withdrawal: ['Withdrawal to bank stuck in processing', 'Wrong IBAN on withdrawal request'],
  crypto_deposit: ['BTC deposit missing after 6 confirmations', 'USDT sent on the wrong network'],
  crypto_withdrawal: ['ETH withdrawal pending for hours', 'Withdrawal address whitelist not saving'],
  '2fa_reset': ['Lost phone, need a 2FA reset', 'Authenticator codes rejected'],
  account_verification: ['Verification level stuck at tier 1', 'Selfie check keeps failing'],
  trading_support: ['Limit order not filled at my price', 'Stop-loss triggered early on BTC/EUR'],
  security_issues: ['Login from unknown device reported', 'Suspicious withdrawal attempt blocked'],
  api_technical: ['API key returns 401 on order endpoint', 'Websocket feed drops every few minutes'],
  payment_issues: ['Charged twice for one card deposit', 'Refund not received'],
  general_enquiry: ['Question about trading fees', 'How do I close my account?'],
};

const STATUSES: TicketStatus[] = ['open', 'in_progress', 'resolved', 'closed'];

/** A small deterministic generator, so every fresh demo looks the same. */
function prng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const SEED_MARKER = keys.meta('DEMO_SEED');

/** The seed acts as trusted code; the tickets it files look as if an upstream trading system had sent them. */
const SEED = systemCaller('seed', 'Upstream trading system');

async function alreadySeeded(): Promise<boolean> {
  const { Item } = await dynamo().send(
    new GetCommand({ TableName: config().tableName, Key: SEED_MARKER, ConsistentRead: true }),
  );
  return Boolean(Item);
}

/** Seeds the demo data unless it was seeded before; returns whether it did. */
export async function seedDemoData(options: {
  password: string;
  ticketCount?: number;
  now?: Date;
  log?: (line: string) => void;
}): Promise<boolean> {
  if (await alreadySeeded()) return false;
  const log = options.log ?? (() => undefined);
  const now = options.now ?? new Date();
  const random = prng(20261121);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

  const staff: User[] = [];
  for (const demo of DEMO_USERS) {
    staff.push(await createStaffAccount(SEED, { ...demo, password: options.password }));
  }
  log(`Created ${staff.length} demo staff accounts`);

  const seedTime = new Date(now.getTime() - 15 * 24 * 3600_000);
  for (const [index, name] of INITIAL_CATEGORIES.entries()) {
    await addCategory(
      SEED,
      {
        name,
        displayName: displayNameFromName(name)
          .replace(/^Kyc\b/, 'KYC')
          .replace(/^2fa\b/, '2FA')
          .replace(/\bApi\b/, 'API'),
        description: `${displayNameFromName(name)} requests`,
        color: COLOR_PALETTE[index % COLOR_PALETTE.length]!,
      },
      seedTime,
    );
  }
  log(`Created ${INITIAL_CATEGORIES.length} categories`);

  const manager = staff.find((u) => u.role === 'manager')!;
  for (const macro of DEMO_MACROS) await addMacro(staffCaller(manager), macro, seedTime);
  log(`Created ${DEMO_MACROS.length} shared macros`);

  const admin = staff.find((u) => u.role === 'admin')!;
  const agents = staff.filter((u) => u.role === 'agent');
  const categories = Object.keys(SUBJECTS);
  const count = options.ticketCount ?? 30;
  for (let i = 0; i < count; i++) {
    // Every status, priority and type appears; creation times spread over the last 14 days, newest last.
    const status = STATUSES[i % STATUSES.length]!;
    const priority: Priority = PRIORITIES[(i * 3 + 1) % PRIORITIES.length]!;
    const type = TICKET_TYPES[i % 3 === 0 ? 1 : 0]!;
    const category = pick(categories);
    const createdAt = new Date(
      now.getTime() - Math.floor(((count - i) / count) * 14 * 24 * 3600_000 * (0.6 + random() * 0.4)),
    );
    const creator = type === 'direct' ? pick(agents) : undefined;
    const { ticket } = await createTicket(
      creator ? staffCaller(creator) : SEED,
      {
        customerEmail: `customer${i + 1}@example.com`,
        subject: pick(SUBJECTS[category]!),
        description: `Customer reports: ${pick(SUBJECTS[category]!).toLowerCase()}. Account reference ACC-${1000 + i}.`,
        category,
        priority,
        type,
      },
      { now: createdAt },
    );
    const later = (minutes: number) =>
      new Date(Math.min(now.getTime() - 60_000, createdAt.getTime() + minutes * 60_000));
    const assignee = agents.find((a) => a.id === ticket.assignedToId) ?? agents[0]!;
    // The agent who has the ticket when it moves on is the one who moves it.
    let holder = assignee;
    if (i % 7 === 3) {
      // To someone else: giving a ticket to its own assignee changes nothing and records nothing.
      const others = agents.filter((a) => a.id !== ticket.assignedToId);
      const reassigned = await assignTicket(staffCaller(admin), ticket.id, pick(others).id, later(5));
      holder = agents.find((a) => a.id === reassigned.assignedToId) ?? holder;
    }
    if (status !== 'open' || i % 2 === 0) {
      await addStaffComment(
        staffCaller(assignee),
        ticket.id,
        { content: 'Thanks for reaching out, we are looking into it.', isInternal: false },
        later(20 + random() * 90),
      );
    }
    if (status !== 'open') {
      await updateTicket(staffCaller(holder), ticket.id, { status }, later(30 + random() * 600));
    }
    // Most customers of resolved tickets rate them (through the upstream system, in production).
    if ((status === 'resolved' || status === 'closed') && random() < 0.8) {
      const score = 3 + Math.floor(random() * 3);
      await rateTicket(SEED, ticket.id, { score, comment: null }, later(700));
    }
  }
  log(`Created ${count} tickets`);

  // The overdue job runs once now, so the overdue panel is right before the first scheduled minute.
  const overdue = await loadHandler(JOB_HANDLERS.overdue);
  await overdue(scheduledEvent(now), lambdaContext('helpdesk-overdue'));

  await dynamo().send(
    new PutCommand({ TableName: config().tableName, Item: { ...SEED_MARKER, seededAt: now.toISOString() } }),
  );
  return true;
}

/** Shared macros to try the composer's `/` with: one in all six languages, one that resolves the ticket. */
const DEMO_MACROS: CreateMacroInput[] = [
  {
    title: 'Withdrawal under review',
    shared: true,
    actions: { status: 'in_progress' },
    body: {
      en: 'Hello,\n\nthank you for contacting us about {{ticket.code}}. Your withdrawal is being reviewed by our payments team; most reviews finish within 24 hours. We will write to you as soon as it is sent.\n\nBest regards,\n{{agent.firstName}}',
      es: 'Hola:\n\nGracias por escribirnos sobre {{ticket.code}}. Nuestro equipo de pagos está revisando su retirada; la mayoría de las revisiones terminan en 24 horas. Le escribiremos en cuanto se haya enviado.\n\nSaludos cordiales,\n{{agent.firstName}}',
      fr: 'Bonjour,\n\nmerci de nous avoir contactés au sujet de {{ticket.code}}. Votre retrait est en cours d’examen par notre équipe des paiements\u202f; la plupart des examens se terminent en moins de 24 heures. Nous vous écrirons dès qu’il aura été envoyé.\n\nCordialement,\n{{agent.firstName}}',
      de: 'Hallo,\n\nvielen Dank für Ihre Nachricht zu {{ticket.code}}. Ihre Auszahlung wird von unserem Zahlungsteam geprüft; die meisten Prüfungen sind innerhalb von 24 Stunden abgeschlossen. Wir melden uns, sobald sie versendet wurde.\n\nMit freundlichen Grüßen\n{{agent.firstName}}',
      zh: '您好：\n\n感谢您就 {{ticket.code}} 与我们联系。您的提现正在由我们的支付团队审核，大多数审核会在 24 小时内完成。提现发出后，我们会立即通知您。\n\n此致\n{{agent.firstName}}',
      ja: 'お問い合わせいただきありがとうございます（{{ticket.code}}）。\n\nお客様の出金は現在、決済チームが確認しております。ほとんどの確認は 24 時間以内に完了します。送金が完了しましたら、すぐにご連絡いたします。\n\nよろしくお願いいたします。\n{{agent.firstName}}',
    },
  },
  {
    title: 'Resolved: reply if anything is still wrong',
    shared: true,
    actions: { status: 'resolved' },
    body: {
      en: 'Hello {{customer.email}},\n\nwe believe {{ticket.code}} ("{{ticket.subject}}") is now resolved. If anything is still not right, reply to this e-mail and the ticket opens again.\n\n{{agent.firstName}}',
    },
  },
];
