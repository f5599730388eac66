/**
 * The rating link of a resolution e-mail (`/r/<token>`): showing its page, and recording the rating it sends through
 * the one rating use case (rateTicket: only a resolved or closed ticket, a new rating replacing the old). The token is
 * the credential: signed for one ticket, valid 30 days, good for one rating (its use is recorded with the rating).
 * Every outcome is a page in the customer's language with the status code that says what happened.
 */
import { DEFAULT_CUSTOMER_LANGUAGE, type Language } from '#shared/constants.ts';
import { messageOfIssueText } from '#shared/i18n/messages.ts';
import { RATING_SCORES, rateTicketSchema } from '#shared/schemas/ticket.ts';
import { ratingLinkUsedAt } from '../../data/mail.ts';
import { getTicket } from '../../data/tickets/item.ts';
import { customerActor } from '../../domain/caller.ts';
import { customerLanguageOf } from '../../domain/inbound-mail.ts';
import type { TicketRecord } from '../../domain/tickets.ts';
import { ConflictError } from '../../lib/errors.ts';
import type { RatingPage } from '../../mail/templates/rating-page.ts';
import { RatingLinkUsedError, rateTicket } from '../tickets/rate-ticket.ts';
import { type RatingLink, readRatingToken } from './tokens.ts';

/** A page to answer with: its status, its language, and what it shows. */
export interface RatingPageAnswer {
  status: number;
  language: Language;
  page: RatingPage;
}

const STATUS = { invalid: 404, expired: 410, used: 409, notRatable: 409 } as const;

/** What the rating form sent, as text fields (form-urlencoded). */
export interface RatingForm {
  score?: string;
  comment?: string;
}

type Opened =
  | { ok: true; link: RatingLink; ticket: TicketRecord; language: Language }
  | { ok: false; answer: RatingPageAnswer };

/**
 * The link and its ticket, or the page that says why it cannot be used. Without a valid token nothing says whose
 * the link is, so that page is in the browser's language (`Accept-Language`) or English.
 */
async function open(token: string, acceptLanguage: string | undefined, now: Date): Promise<Opened> {
  const fallback = acceptLanguage ? customerLanguageOf(acceptLanguage) : DEFAULT_CUSTOMER_LANGUAGE;
  const reading = await readRatingToken(token, now);
  const ticket = reading.status === 'invalid' ? undefined : await getTicket(reading.link.ticketId);
  if (reading.status === 'invalid' || !ticket) {
    return { ok: false, answer: { status: STATUS.invalid, language: fallback, page: { kind: 'invalid' } } };
  }
  const language = ticket.customerLanguage;
  if (reading.status === 'expired') {
    return { ok: false, answer: { status: STATUS.expired, language, page: { kind: 'expired' } } };
  }
  if (await ratingLinkUsedAt(ticket.id, reading.link.nonce)) {
    return { ok: false, answer: { status: STATUS.used, language, page: { kind: 'used' } } };
  }
  return { ok: true, link: reading.link, ticket, language };
}

/** A whole score from 1 to 5 in form text, else undefined. */
function scoreOf(text: string | undefined): number | undefined {
  if (text === undefined || !/^\d$/.test(text.trim())) return undefined;
  const score = Number(text.trim());
  return score >= RATING_SCORES.min && score <= RATING_SCORES.max ? score : undefined;
}

const facts = (ticket: TicketRecord) => ({ code: ticket.ticketId, subject: ticket.subject });

/**
 * showRatingPage: the form (with `preselect`, the score link the customer clicked in the e-mail, chosen), or why
 * the link cannot be used. A GET records nothing: mail scanners follow links.
 */
export async function showRatingPage(
  token: string,
  options: { preselect?: string; acceptLanguage?: string },
  now = new Date(),
): Promise<RatingPageAnswer> {
  const opened = await open(token, options.acceptLanguage, now);
  if (!opened.ok) return opened.answer;
  const { ticket, language } = opened;
  if (ticket.status === 'open' || ticket.status === 'in_progress') {
    return { status: STATUS.notRatable, language, page: { kind: 'notRatable' } };
  }
  return { status: 200, language, page: { kind: 'form', ticket: facts(ticket), score: scoreOf(options.preselect) } };
}

/**
 * submitRating: records the rating the form sent, once per link. An invalid form shows the form again with what was
 * typed and what is wrong (400); a used, expired or foreign link, or a reopened ticket, is refused with its page.
 */
export async function submitRating(
  token: string,
  form: RatingForm,
  options: { acceptLanguage?: string },
  now = new Date(),
): Promise<RatingPageAnswer> {
  const opened = await open(token, options.acceptLanguage, now);
  if (!opened.ok) return opened.answer;
  const { ticket, link, language } = opened;
  const score = scoreOf(form.score);
  // The comment follows the API's input rules (shared/schemas/text.ts), as the API's rating route's does.
  const checked = rateTicketSchema.shape.comment.safeParse(form.comment ?? '');
  const comment = checked.success ? (checked.data ?? '') : (form.comment ?? '').trim();
  const again = (error: 'scoreRequired' | 'commentTooLong' | 'commentInvalid'): RatingPageAnswer => ({
    status: 400,
    language,
    page: { kind: 'form', ticket: facts(ticket), score, comment, error },
  });
  if (score === undefined) return again('scoreRequired');
  if (!checked.success) {
    const tooLong = checked.error.issues.some(
      (issue) => messageOfIssueText(issue.message)?.code === 'validation.comment.tooLong',
    );
    return again(tooLong ? 'commentTooLong' : 'commentInvalid');
  }
  try {
    await rateTicket(
      // Trusted code acting for the customer the link was sent to: the history names them.
      { kind: 'system', actor: customerActor(ticket.customerEmail) },
      ticket.id,
      { score, comment: comment || null },
      now,
      { link },
    );
  } catch (error) {
    if (error instanceof RatingLinkUsedError) return { status: STATUS.used, language, page: { kind: 'used' } };
    if (error instanceof ConflictError && error.code === 'error.ticket.notRatable') {
      return { status: STATUS.notRatable, language, page: { kind: 'notRatable' } };
    }
    // Staff changing the ticket at this very moment: nothing was recorded, the link still works.
    if (error instanceof ConflictError) return { status: 409, language, page: { kind: 'unavailable' } };
    throw error;
  }
  return { status: 200, language, page: { kind: 'thanks' } };
}
