/**
 * The signed tokens of the mail channel (docs/decisions/080-mail.md), each under its own derived key
 * (functions/lib/secrets.ts):
 * - the reply address `reply+<id>.<mac>@<domain>` names a ticket; a reply finds its ticket by it, never by the
 *   subject. Its MAC is base32 (lower case), because mail systems may change the case of an address's local part.
 * - the rating link `<public base>/r/<id>.<expiry>.<nonce>.<mac>` lets one customer rate one ticket, once, for 30
 *   days. The nonce names the link, so that its use can be recorded (functions/data/mail.ts).
 * - the file link `<public base>/f/<id>.<attachment id>.<expiry>.<mac>` serves one file of a reply e-mail for 7 days
 *   (docs/decisions/094-attachments.md, "Files in e-mail").
 */
import { mac, verifyMac } from '../../lib/secrets.ts';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
/** 16 bytes of HMAC-SHA256: 128 bits, as much as a forger would have to guess. */
const MAC_BYTES = 16;

function base32(bytes: Buffer): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const byte of bytes) {
    // Fewer than 5 bits are left over between bytes, so 13 bits of `value` always suffice.
    value = ((value << 8) | byte) & 0x1fff;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

function fromBase32(text: string): Buffer | undefined {
  const bytes: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of text) {
    const digit = BASE32.indexOf(char);
    if (digit < 0) return undefined;
    value = ((value << 5) | digit) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

const replyMessage = (ticketId: number) => `ticket:${ticketId}`;

/** The token of a ticket's reply address: `<id>.<base32 MAC>`. */
export async function replyToken(ticketId: number): Promise<string> {
  const signature = Buffer.from(await mac('reply-address', replyMessage(ticketId), MAC_BYTES), 'base64url');
  return `${ticketId}.${base32(signature)}`;
}

/** The ticket a reply token names, or undefined when it is malformed or its MAC is not ours. */
export async function ticketOfReplyToken(token: string): Promise<number | undefined> {
  const match = /^([1-9]\d{0,9})\.([a-z2-7]{26})$/.exec(token.toLowerCase());
  if (!match) return undefined;
  const ticketId = Number(match[1]);
  const signature = fromBase32(match[2]!);
  if (signature?.length !== MAC_BYTES) return undefined;
  return (await verifyMac('reply-address', replyMessage(ticketId), signature.toString('base64url')))
    ? ticketId
    : undefined;
}

/** What a valid rating token says. */
export interface RatingLink {
  ticketId: number;
  /** Names this link (and no other): its use is recorded under it. */
  nonce: string;
  expiresAt: Date;
}

/** How long a rating link works. */
export const RATING_LINK_DAYS = 30;

const ratingMessage = (ticketId: number, expiry: string, nonce: string) => `rating:${ticketId}.${expiry}.${nonce}`;

/** The token of a rating link: `<id>.<expiry, seconds in base 36>.<nonce>.<MAC>`, all URL-safe. */
export async function ratingToken(link: RatingLink): Promise<string> {
  const expiry = Math.floor(link.expiresAt.getTime() / 1000).toString(36);
  const signature = await mac('rating-link', ratingMessage(link.ticketId, expiry, link.nonce), MAC_BYTES);
  return `${link.ticketId}.${expiry}.${link.nonce}.${signature}`;
}

export type RatingTokenReading =
  | { status: 'valid'; link: RatingLink }
  | { status: 'expired'; link: RatingLink }
  | { status: 'invalid' };

/** Reads a rating token: valid, expired (signed by us, but past its time), or invalid (malformed, or not ours). */
export async function readRatingToken(token: string, now: Date): Promise<RatingTokenReading> {
  const match = /^([1-9]\d{0,9})\.([0-9a-z]{1,10})\.([0-9a-f]{16})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return { status: 'invalid' };
  const [, id, expiry, nonce, signature] = match as unknown as [string, string, string, string, string];
  const ticketId = Number(id);
  if (!(await verifyMac('rating-link', ratingMessage(ticketId, expiry, nonce), signature)))
    return { status: 'invalid' };
  const link = { ticketId, nonce, expiresAt: new Date(Number.parseInt(expiry, 36) * 1000) };
  return link.expiresAt.getTime() <= now.getTime() ? { status: 'expired', link } : { status: 'valid', link };
}

/** What a valid file link names: one file of one ticket, until `expiresAt`. */
export interface FileLink {
  ticketId: number;
  attachmentId: string;
  expiresAt: Date;
}

/** How long the download link of a file in a reply e-mail works (docs/decisions/094-attachments.md). */
export const FILE_LINK_DAYS = 7;

const fileMessage = (ticketId: number, attachmentId: string, expiry: string) =>
  `file:${ticketId}.${attachmentId}.${expiry}`;

/** The token of a file link `<public base>/f/<token>`: `<ticket id>.<attachment id>.<expiry, base 36>.<MAC>`. */
export async function fileToken(link: FileLink): Promise<string> {
  const expiry = Math.floor(link.expiresAt.getTime() / 1000).toString(36);
  const signature = await mac('file-link', fileMessage(link.ticketId, link.attachmentId, expiry), MAC_BYTES);
  return `${link.ticketId}.${link.attachmentId}.${expiry}.${signature}`;
}

export type FileTokenReading =
  | { status: 'valid'; link: FileLink }
  | { status: 'expired'; link: FileLink }
  | { status: 'invalid' };

/** Reads a file token: valid, expired (ours, but past its time), or invalid (malformed, or not ours). */
export async function readFileToken(token: string, now: Date): Promise<FileTokenReading> {
  const match = /^([1-9]\d{0,9})\.([0-9a-f-]{36})\.([0-9a-z]{1,10})\.([A-Za-z0-9_-]{22})$/.exec(token);
  if (!match) return { status: 'invalid' };
  const [, id, attachmentId, expiry, signature] = match as unknown as [string, string, string, string, string];
  const ticketId = Number(id);
  if (!(await verifyMac('file-link', fileMessage(ticketId, attachmentId, expiry), signature)))
    return { status: 'invalid' };
  const link = { ticketId, attachmentId, expiresAt: new Date(Number.parseInt(expiry, 36) * 1000) };
  return link.expiresAt.getTime() <= now.getTime() ? { status: 'expired', link } : { status: 'valid', link };
}
