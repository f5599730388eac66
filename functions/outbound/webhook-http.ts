/**
 * The one HTTP request a webhook delivery makes (docs/decisions/052-webhooks.md). The target's name is resolved here,
 * every address it resolves to is checked (no private, loopback, link-local, unique-local, multicast or unspecified
 * address, nor an IPv6 form of one: domain/webhook-targets.ts), and the connection goes to the address that was
 * checked: the request's
 * `lookup` answers with it, so no second resolution can swap it (DNS rebinding). TLS still verifies the name.
 * Redirects are not followed: a 3xx is a failed attempt like any other non-2xx.
 */
import { lookup as resolveName } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { forbiddenAddress, type TargetPolicy } from '../domain/webhook-targets.ts';

/** The target may not be reached under the policy in force: no retry can change that. */
export class TargetRefusedError extends Error {
  override name = 'TargetRefusedError';
}

interface Address {
  address: string;
  family: number;
}

/** The addresses a host stands for, each checked; refused if any is forbidden (one bad answer is enough). */
async function vettedAddress(host: string, policy: TargetPolicy): Promise<Address> {
  const family = isIP(host);
  const addresses: Address[] = family ? [{ address: host, family }] : await resolveName(host, { all: true });
  if (!addresses.length) throw new Error(`${host} resolves to no address`);
  for (const { address } of addresses) {
    const reason = forbiddenAddress(address, policy);
    if (reason) throw new TargetRefusedError(`Refused: ${host} resolves to ${reason}`);
  }
  return addresses[0]!;
}

/** A `lookup` that answers every resolution with the vetted address, in both forms Node asks for. */
const pinnedLookup =
  ({ address, family }: Address): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  };

export interface WebhookRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
  policy: TargetPolicy;
  signal: AbortSignal;
}

/**
 * postWebhook: POSTs the body and resolves with the status code as soon as the answer's head arrives (the body is
 * not read). Throws TargetRefusedError for a target the policy refuses, and an Error for anything else (the name does
 * not resolve, the connection fails, `signal` aborts).
 */
export async function postWebhook({ url: text, body, headers, policy, signal }: WebhookRequest): Promise<number> {
  const url = new URL(text);
  const schemes = policy.allowLoopback ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol)) throw new TargetRefusedError(`Refused: ${url.protocol} is not allowed`);
  const target = await vettedAddress(url.hostname.replace(/^\[|\]$/g, ''), policy);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<number>((resolve, reject) => {
    const request = transport.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: pinnedLookup(target),
        agent: false,
        signal,
      },
      (response) => {
        resolve(response.statusCode ?? 0);
        response.destroy();
      },
    );
    request.on('error', (error) => reject(signal.aborted ? new Error('No answer within the time limit') : error));
    request.end(body);
  });
}
