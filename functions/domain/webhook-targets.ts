/**
 * Where a webhook may be sent (docs/decisions/052-webhooks.md): an https URL (http too where loopback targets are
 * allowed: the embedded runtime) whose host resolves only to public addresses. The creation route applies
 * `checkWebhookUrl` up front; the sender applies `forbiddenAddress` to every address the name resolves to when it
 * sends, and connects to the address it checked. IPv6 forms of IPv4 addresses are judged by the IPv4 address they
 * carry, and the ranges that exist only to carry IPv4 are refused as a whole.
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

/** Never a webhook target: private, shared, link-local, multicast, reserved or unspecified (IPv4; IPv6 below). */
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
/** The eight 16-bit groups of an IPv6 address that `isIP` accepted (a trailing dotted IPv4 part included). */
function ipv6Groups(address: string): number[] {
  const hex = address
    .toLowerCase()
    .replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) =>
      [Number(a) * 256 + Number(b), Number(c) * 256 + Number(d)].map((n) => n.toString(16)).join(':'),
    );
  const [head, tail] = hex.split('::') as [string, string | undefined];
  const groups = (part: string | undefined) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const [before, after] = [groups(head), groups(tail)];
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/**
 * A test for IPv6 ranges, on the groups: BlockList would also match an IPv4-mapped address against IPv4 rules, and
 * ::/96 against every mapped address.
 */
function ipv6Ranges(ranges: readonly (readonly [string, number])[]): (groups: readonly number[]) => boolean {
  const parsed = ranges.map(([network, prefix]) => ({ network: ipv6Groups(network), prefix }));
  return (groups) =>
    parsed.some(({ network, prefix }) =>
      network.every((group, i) => {
        const bits = Math.min(16, Math.max(0, prefix - i * 16));
        const mask = (0xffff << (16 - bits)) & 0xffff;
        return (groups[i]! & mask) === (group & mask);
      }),
    );
}

const NEVER_IPV6 = ipv6Ranges([
  ['::', 128], // unspecified
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed by some)
  ['ff00::', 8], // multicast
  ['100::', 64], // discard-only
]);

/**
 * IPv6 ranges that only carry IPv4 (or reach it through a relay): never a public webhook endpoint, so refused as a
 * whole, whatever IPv4 address they embed. The IPv4-mapped range (::ffff:0:0/96) and the well-known NAT64 prefix
 * (64:ff9b::/96) are not among them: they stand for the IPv4 address they carry, which is judged instead.
 */
const TRANSITION = ipv6Ranges([
  ['::', 96], // IPv4-compatible (deprecated); ::1 is loopback, judged before
  ['::ffff:0:0:0', 96], // IPv4-translated (RFC 2765; not ::ffff:0:0/96, which is IPv4-mapped)
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215)
  ['2002::', 16], // 6to4
  ['2001::', 32], // Teredo
]);

const dotted = (high: number, low: number) => [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');

/**
 * The IPv4 address an IPv6 address stands for, and the form that carries it: mapped (::ffff:a.b.c.d), compatible
 * (::a.b.c.d), translated (::ffff:0:a.b.c.d), NAT64 (64:ff9b::a.b.c.d, and the local-use 64:ff9b:1::/48 read in its
 * /96 layout, the whole /48 being refused anyway), 6to4 (2002:AABB:CCDD::) and Teredo (the client's address, the
 * last 32 bits inverted). Undefined for any other address, and for :: and ::1, which are IPv6's own.
 */
function embeddedIpv4(groups: readonly number[]): { form: string; ipv4: string } | undefined {
  const [g0, g1, g2, , g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  const last = dotted(g6, g7);
  if (zeros(0, 5) && g5 === 0xffff) return { form: 'IPv4-mapped', ipv4: last };
  if (zeros(0, 6)) return g6 === 0 && g7 <= 1 ? undefined : { form: 'IPv4-compatible', ipv4: last };
  if (zeros(0, 4) && g4 === 0xffff && g5 === 0) return { form: 'IPv4-translated', ipv4: last };
  if (g0 === 0x64 && g1 === 0xff9b && zeros(2, 6)) return { form: 'NAT64', ipv4: last };
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return { form: 'local-use NAT64', ipv4: last };
  if (g0 === 0x2002) return { form: '6to4', ipv4: dotted(g1, g2) };
  if (g0 === 0x2001 && g1 === 0) return { form: 'Teredo', ipv4: dotted(g6 ^ 0xffff, g7 ^ 0xffff) };
  return undefined;
}

const LOOPBACK_TEXT = 'a loopback address';
const NEVER_TEXT = 'a private, link-local, multicast or reserved address';

/** Why an IPv4 address may not be a target (the end of a sentence), or undefined when it may. */
function ipv4Refusal(ipv4: string, policy: TargetPolicy): string | undefined {
  if (LOOPBACK.check(ipv4, 'ipv4')) return policy.allowLoopback ? undefined : LOOPBACK_TEXT;
  return NEVER.check(ipv4, 'ipv4') ? NEVER_TEXT : undefined;
}

/**
 * Why `address` (an IP literal) may not be a webhook target, or undefined when it may. Loopback passes only under
 * `allowLoopback`. An IPv6 address that carries an IPv4 address is judged by the IPv4 rules too, and one of the
 * ranges that only carry IPv4 is refused whatever it carries. Anything that is not an IP address is refused.
 */
export function forbiddenAddress(address: string, policy: TargetPolicy): string | undefined {
  // A zone (fe80::1%eth0) names an interface, not an address: the address is what is judged.
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (!family) return `${address} is not an IP address`;
  if (family === 4) {
    const refusal = ipv4Refusal(bare, policy);
    return refusal && `${address} is ${refusal}`;
  }
  const groups = ipv6Groups(bare);
  if (groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1) {
    return policy.allowLoopback ? undefined : `${address} is ${LOOPBACK_TEXT}`;
  }
  const embedded = embeddedIpv4(groups);
  // Loopback passes in the mapped form alone (how a dual-stack socket names 127.0.0.1); no translator reaches it.
  const refusal =
    embedded && ipv4Refusal(embedded.ipv4, embedded.form === 'IPv4-mapped' ? policy : { allowLoopback: false });
  if (embedded && refusal) return `${address} carries ${embedded.ipv4} (${embedded.form}), ${refusal}`;
  if (NEVER_IPV6(groups)) return `${address} is ${NEVER_TEXT}`;
  if (TRANSITION(groups)) {
    return `${address} only carries IPv4 (IPv4-compatible, IPv4-translated, local-use NAT64, 6to4 or Teredo)`;
  }
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
