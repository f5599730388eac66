/**
 * How much mail one address can cause (docs/decisions/082): new tickets opened by e-mail per sender (a desk setting),
 * and acknowledgements sent to one address (ACKNOWLEDGEMENTS_PER_ADDRESS_PER_HOUR, shared/schemas/mail.ts), each
 * counted in fixed clock hours: the windows of the API keys' rate limit, aligned to the epoch, so that every function
 * instance agrees on them. Pure; the counters live in the table (functions/data/mail-limits.ts).
 */
import { type RateWindow, rateWindow } from './api-keys.ts';

const HOUR_SECONDS = 3_600;

/** How long held mail waits for an admin (as long as SES's stored messages): then it is gone, unanswered. */
export const HELD_MAIL_DAYS = 30;

/** The start of a held message's description that the admin list shows. */
export const HELD_EXCERPT_MAX = 200;

/** The hour `now` falls in, for both counters. */
export const mailLimitWindow = (now: Date): RateWindow => rateWindow(now, HOUR_SECONDS);

/** What is left of a held message's description in the list: its first characters, the cut marked. */
export function heldExcerpt(description: string): string {
  const flat = description.replace(/\s+/g, ' ').trim();
  return flat.length <= HELD_EXCERPT_MAX ? flat : `${flat.slice(0, HELD_EXCERPT_MAX - 1).trimEnd()}…`;
}
