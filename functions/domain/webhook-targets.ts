/**
 * Where a webhook may be sent (docs/decisions/052-webhooks.md): an https URL (http too where loopback targets are
 * allowed: the embedded runtime) whose host resolves only to public addresses. The creation route applies
 * `checkWebhookUrl` up front; the sender applies `forbiddenAddress` to every address the name resolves to when it
 * sends, and connects to the address it checked.
 */
import { BlockList, isIP } from 'node:net';
import type { ApiCode, CodedText } from '#shared/i18n/messages.ts';
import { WEBHOOK_MESSAGES } from '#shared/schemas/webhook.ts';

export interface TargetPolicy {
  /** `http://` and loopback addresses allowed (the embedded runtime's configuration). */
  allowLoopback: boolean;
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Never a webhook target: private, shared, link-local, unique-local, multicast, reserved or unspecified. */
const NEVER = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['169.254.0.0', 16], // link-local, cloud metadata endpoints
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  NEVER.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed by some)
  ['ff00::', 8], // multicast
  ['100::', 64], // discard-only
] as const) {
  NEVER.addSubnet(network, prefix, 'ipv6');
}

/** IPv6 forms that carry an IPv4 address, which is what gets reached: mapped (::ffff:a.b.c.d) and NAT64 (64:ff9b::). */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const prefix = ['::ffff:', '64:ff9b::'].find((p) => lower.startsWith(p));
  if (!prefix) return undefined;
  const rest = lower.slice(prefix.length);
  if (isIP(rest) === 4) return rest;
  // Hex form, ::ffff:7f00:1.
  const groups = rest.split(':');
  if (groups.length !== 2 || !groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return undefined;
  const [high, low] = groups.map((g) => Number.parseInt(g, 16)) as [number, number];
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/**
 * Why `address` (an IP literal) may not be a webhook target, or undefined when it may. Loopback passes only under
 * `allowLoopback`. Anything that is not an IP address is refused.
 */
export function forbiddenAddress(address: string, policy: TargetPolicy): string | undefined {
  const bare = address.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  if (!family) return `${address} is not an IP address`;
  const v4 = family === 6 ? embeddedIpv4(bare) : bare;
  const [ip, type] = v4 ? [v4, 'ipv4' as const] : [bare, 'ipv6' as const];
  if (LOOPBACK.check(ip, type)) return policy.allowLoopback ? undefined : `${address} is a loopback address`;
  if (NEVER.check(ip, type)) return `${address} is a private, link-local, multicast or reserved address`;
  return undefined;
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; message: CodedText<ApiCode> };

/**
 * checkWebhookUrl: what the creation route accepts. An absolute https URL (http too under `allowLoopback`), without
 * credentials; a host given as an IP literal must pass `forbiddenAddress`. Names are resolved at send time only
 * (what a name resolves to now says nothing about later).
 */
export function checkWebhookUrl(text: string, policy: TargetPolicy): UrlCheck {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: WEBHOOK_MESSAGES.urlInvalid };
  }
  const schemes = policy.allowLoopback ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) {
    return { ok: false, message: url.protocol === 'http:' ? WEBHOOK_MESSAGES.httpsOnly : WEBHOOK_MESSAGES.urlInvalid };
  }
  if (!url.hostname) return { ok: false, message: WEBHOOK_MESSAGES.urlInvalid };
  if (url.username || url.password) return { ok: false, message: WEBHOOK_MESSAGES.credentialsInUrl };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && forbiddenAddress(host, policy)) return { ok: false, message: WEBHOOK_MESSAGES.privateAddress };
  url.hash = '';
  return { ok: true, url };
}
