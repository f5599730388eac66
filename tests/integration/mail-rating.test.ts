/**
 * The rating link of the resolution e-mail, followed as a customer's browser would: the link is taken from the
 * message in the SES emulator's mailbox, its page read and its form posted (form-urlencoded) through the gateway.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { historyEntrySchema, ticketSchema, type Ticket } from '#shared/schemas/ticket.ts';
import { getTicket } from '#functions/data/tickets/item.ts';
import { englishText } from '../english.ts';
import { ratingToken } from '#functions/use-cases/mail/tokens.ts';
import { eventually, type MailHarness, startMailHarness } from './support/mail.ts';
import { createTestCategory, signedIn, ticketBody, type SignedIn, useDedicatedTable } from './tickets-support.ts';

let mail: MailHarness;
let admin: SignedIn;
let category: string;

beforeAll(async () => {
  mail = await startMailHarness(await useDedicatedTable('helpdesk-mail-rating'));
  admin = await signedIn(mail.gateway.url, 'admin');
  category = (await createTestCategory()).name;
});
afterAll(() => mail?.stop());

/** A resolved ticket and the rating link of its resolution e-mail. */
async function resolvedWithLink(overrides: Record<string, unknown> = {}): Promise<{ ticket: Ticket; link: string }> {
  const customerEmail = `rater-${randomUUID().slice(0, 8)}@example.com`;
  const created = await admin.client.post('/api/tickets', ticketBody(category, { customerEmail, ...overrides }));
  const ticket = ticketSchema.parse(created.body);
  expect((await admin.client.patch(`/api/tickets/${ticket.id}`, { status: 'resolved' })).status).toBe(200);
  const notice = await eventually(
    async () => (await mail.sentTo(customerEmail)).find((m) => m.body.text?.includes('/r/')),
    'the resolution e-mail',
  );
  const link = /(http:\/\/\S+\/r\/\S+)/.exec(notice.body.text!)![1]!;
  return { ticket, link };
}

/**
 * A browser's form post, form-urlencoded; `from` is what it says of where the post comes from (by default a
 * same-origin `Origin`).
 */
function post(link: string, fields: Record<string, string>, from: Record<string, string> = sameOrigin(link)) {
  return fetch(link, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...from },
    body: new URLSearchParams(fields).toString(),
  });
}

const sameOrigin = (link: string) => ({ origin: new URL(link).origin });

/** The token the rating page's form carries in its hidden field. */
async function formTokenOf(link: string): Promise<string> {
  const page = await (await fetch(link)).text();
  return /<input type="hidden" name="form-token" value="([^"]+)">/.exec(page)![1]!;
}

const CROSS_SITE = englishText('error.crossSite');

const historyOf = async (id: number) =>
  historyEntrySchema.array().parse((await admin.client.get(`/api/tickets/${id}/history`)).body);

describe('the rating page', () => {
  it("shows five choices in the customer's language, the one clicked in the e-mail chosen, and records nothing", async () => {
    const { ticket, link } = await resolvedWithLink({ customerLanguage: 'es' });
    const res = await fetch(`${link}?score=4`);
    const page = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page).toContain('<html lang="es">');
    expect(page).toContain('¿Qué tal lo hemos hecho?');
    expect(page.match(/type="radio" name="score"/g)).toHaveLength(5);
    expect(page).toContain('value="4" checked');
    expect(page).not.toContain('<script');
    // The site's security headers, as on every answer of the site (the gateway adds them as CloudFront does).
    expect(res.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await getTicket(ticket.id))?.rating).toBeNull();
  });
});

describe('a rating sent through the link', () => {
  it('is recorded once, through the rating rules, in the history as the customer', async () => {
    const { ticket, link } = await resolvedWithLink();
    const first = await post(link, { score: '4', comment: 'Quick and friendly.' });
    expect(first.status).toBe(200);
    expect(await first.text()).toContain('Your rating has been recorded');
    expect((await getTicket(ticket.id))?.rating).toMatchObject({ score: 4, comment: 'Quick and friendly.' });
    const rated = (await historyOf(ticket.id)).find((e) => e.changes.some((c) => c.field === 'rating'));
    expect(rated).toMatchObject({ actor: { type: 'customer', id: ticket.customerEmail } });

    const second = await post(link, { score: '1' });
    expect(second.status).toBe(409);
    expect(await second.text()).toContain('already been used');
    expect((await getTicket(ticket.id))?.rating?.score).toBe(4);
    expect((await fetch(link)).status).toBe(409);
  });

  it('shows the form again with what is wrong, and keeps the comment, when no score is chosen', async () => {
    const { ticket, link } = await resolvedWithLink({ customerLanguage: 'ja' });
    const res = await post(link, { comment: 'とても助かりました' });
    const page = await res.text();
    expect(res.status).toBe(400);
    expect(page).toContain('1〜5の評価をお選びください。');
    expect(page).toContain('とても助かりました</textarea>');
    expect((await getTicket(ticket.id))?.rating).toBeNull();
    expect((await post(link, { score: '5' })).status).toBe(200);
  });

  it("refuses another ticket's link changed to point here", async () => {
    const { link } = await resolvedWithLink();
    const { ticket: other } = await resolvedWithLink();
    const forged = link.replace(/\/r\/\d+\./, `/r/${other.id}.`);
    const res = await post(forged, { score: '1' });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('This rating link is not valid');
    expect((await getTicket(other.id))?.rating).toBeNull();
  });

  it('refuses an expired link', async () => {
    const { ticket } = await resolvedWithLink();
    const token = await ratingToken({
      ticketId: ticket.id,
      nonce: '0123456789abcdef',
      expiresAt: new Date(Date.now() - 60_000),
    });
    const res = await post(`${mail.gateway.url}/r/${token}`, { score: '5' });
    expect(res.status).toBe(410);
    expect(await res.text()).toContain('This rating link has expired');
    expect((await getTicket(ticket.id))?.rating).toBeNull();
  });

  it('refuses while the ticket is reopened, and leaves the link usable', async () => {
    const { ticket, link } = await resolvedWithLink();
    expect((await admin.client.patch(`/api/tickets/${ticket.id}`, { status: 'open' })).status).toBe(200);
    const refused = await post(link, { score: '3' });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain('reopened');
    expect((await admin.client.patch(`/api/tickets/${ticket.id}`, { status: 'closed' })).status).toBe(200);
    expect((await post(link, { score: '3' })).status).toBe(200);
  });

  it('is recorded without an Origin when the Referer is the page itself (a browser or privacy tool dropped it)', async () => {
    const { ticket, link } = await resolvedWithLink();
    const res = await post(link, { score: '5', comment: 'No Origin here.' }, { referer: `${link}?score=5` });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Your rating has been recorded');
    expect((await getTicket(ticket.id))?.rating).toMatchObject({ score: 5, comment: 'No Origin here.' });
  });

  it('is refused from another site, by Origin, by Referer without an Origin, or by Sec-Fetch-Site, and records nothing', async () => {
    const { ticket, link } = await resolvedWithLink();
    const formToken = await formTokenOf(link);
    const sources: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'https://evil.example', referer: link },
      { referer: 'https://evil.example/rate-them' },
      { referer: 'not a url' },
      { origin: 'null', referer: 'https://evil.example/' },
      { referer: link, 'sec-fetch-site': 'cross-site' },
    ];
    for (const from of sources) {
      // The form's token does not outweigh a cross-site answer.
      const res = await post(link, { score: '1', 'form-token': formToken }, from);
      expect(res.status, JSON.stringify(from)).toBe(403);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await res.text()).toContain(CROSS_SITE);
    }
    expect((await getTicket(ticket.id))?.rating).toBeNull();
    expect((await post(link, { score: '2' })).status).toBe(200);
  });

  it('is refused without Origin, Referer or the form’s token, and records nothing', async () => {
    const { ticket, link } = await resolvedWithLink();
    const { link: other } = await resolvedWithLink();
    const forms: Record<string, string>[] = [
      {},
      { 'form-token': 'x'.repeat(22) },
      { 'form-token': await formTokenOf(other) },
    ];
    for (const fields of forms) {
      const res = await post(link, { score: '1', ...fields }, {});
      expect(res.status, JSON.stringify(fields)).toBe(403);
      expect(await res.text()).toContain(CROSS_SITE);
    }
    expect((await post(link, { score: '1' }, { origin: 'null' })).status).toBe(403);
    expect((await getTicket(ticket.id))?.rating).toBeNull();
  });

  it('is recorded without Origin and Referer when the form carries its page’s token', async () => {
    const { ticket, link } = await resolvedWithLink();
    const formToken = await formTokenOf(`${link}?score=3`);
    // A no-referrer policy: no Referer, and the opaque `Origin: null`.
    const res = await post(link, { score: '3', 'form-token': formToken }, { origin: 'null' });
    expect(res.status).toBe(200);
    expect((await getTicket(ticket.id))?.rating?.score).toBe(3);
  });

  it('refuses anything but a form with a clear page', async () => {
    const { ticket, link } = await resolvedWithLink();
    const res = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: new URL(link).origin },
      body: JSON.stringify({ score: 5 }),
    });
    expect(res.status).toBe(415);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toContain('application/x-www-form-urlencoded');
    expect((await fetch(`${mail.gateway.url}/r/not-a-token`)).status).toBe(404);
    expect((await getTicket(ticket.id))?.rating).toBeNull();
  });
});
