import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '#shared/schemas/webhook.ts';
import { checkWebhookUrl, forbiddenAddress } from './webhook-targets.ts';

const AWS = { allowLoopback: false };
const LOCAL = { allowLoopback: true };

describe('forbiddenAddress', () => {
  it.each([
    '10.0.0.1',
    '172.16.5.4',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    'fe80::1',
    'fd12:3456::1',
    'fc00::1',
    'ff02::1',
    '::ffff:10.0.0.1',
    '::ffff:a00:1',
    '::ffff:169.254.169.254',
    '64:ff9b::a00:1',
    // Loopback is allowed in the IPv4-mapped form alone: no translator reaches it.
    '::127.0.0.1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
  ])('refuses %s in any configuration', (address) => {
    expect(forbiddenAddress(address, AWS)).toEqual(expect.any(String));
    expect(forbiddenAddress(address, LOCAL)).toEqual(expect.any(String));
  });

  it.each(['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1'])(
    'refuses loopback %s unless loopback is allowed',
    (address) => {
      expect(forbiddenAddress(address, AWS)).toMatch(/loopback/);
      expect(forbiddenAddress(address, LOCAL)).toBeUndefined();
    },
  );

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '172.32.0.1',
    '2606:4700::6810:85e5',
    '::ffff:8.8.8.8',
    '::ffff:808:808',
    '64:ff9b::8.8.8.8',
    '2001:4860:4860::8888',
  ])('lets the public address %s through', (address) => {
    expect(forbiddenAddress(address, AWS)).toBeUndefined();
  });

  it.each([
    // IPv4-compatible (::/96), in both notations
    ['::169.254.169.254', /carries 169\.254\.169\.254 \(IPv4-compatible\)/],
    ['::a9fe:a9fe', /carries 169\.254\.169\.254 \(IPv4-compatible\)/],
    ['::10.0.0.1', /carries 10\.0\.0\.1/],
    // IPv4-translated (::ffff:0:0:0/96)
    ['::ffff:0:a9fe:a9fe', /carries 169\.254\.169\.254 \(IPv4-translated\)/],
    ['::ffff:0:192.168.1.1', /carries 192\.168\.1\.1 \(IPv4-translated\)/],
    // NAT64, well-known and local-use
    ['64:ff9b::169.254.169.254', /carries 169\.254\.169\.254 \(NAT64\)/],
    ['64:ff9b:1::a9fe:a9fe', /carries 169\.254\.169\.254 \(local-use NAT64\)/],
    ['64:ff9b:1:ab::c0a8:101', /carries 192\.168\.1\.1 \(local-use NAT64\)/],
    // 6to4: the IPv4 address is the 32 bits after 2002:
    ['2002:a9fe:a9fe::1', /carries 169\.254\.169\.254 \(6to4\)/],
    ['2002:a00:1:5::abcd', /carries 10\.0\.0\.1 \(6to4\)/],
    // Teredo: the client's address is the last 32 bits inverted (10.0.0.1 → f5ff:fffe)
    ['2001:0:4136:e378:8000:63bf:f5ff:fffe', /carries 10\.0\.0\.1 \(Teredo\)/],
    ['2001:0:4136:e378:8000:63bf:5601:5601', /carries 169\.254\.169\.254 \(Teredo\)/],
  ])('refuses %s, judged by the IPv4 address it carries', (address, reason) => {
    expect(forbiddenAddress(address, AWS)).toMatch(reason);
    expect(forbiddenAddress(address, LOCAL)).toMatch(reason);
  });

  it.each([
    '::8.8.8.8',
    '::ffff:0:808:808',
    '64:ff9b:1::808:808',
    '2002:808:808::1',
    '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
  ])('refuses %s whatever it carries: the range only carries IPv4', (address) => {
    expect(forbiddenAddress(address, AWS)).toMatch(/only carries IPv4/);
    expect(forbiddenAddress(address, LOCAL)).toMatch(/only carries IPv4/);
  });

  it('judges a link-local address without its zone', () => {
    expect(forbiddenAddress('fe80::1%eth0', LOCAL)).toMatch(/link-local/);
  });

  it('refuses what is not an IP address', () => {
    expect(forbiddenAddress('example.com', LOCAL)).toMatch(/not an IP address/);
  });
});

describe('checkWebhookUrl', () => {
  it.each([
    ['http://hooks.example.com/x', AWS, WEBHOOK_MESSAGES.httpsOnly],
    ['ftp://hooks.example.com/x', LOCAL, WEBHOOK_MESSAGES.urlInvalid],
    ['hooks.example.com/x', AWS, WEBHOOK_MESSAGES.urlInvalid],
    ['https://user:secret@hooks.example.com/x', AWS, WEBHOOK_MESSAGES.credentialsInUrl],
    ['https://10.0.0.8/x', AWS, WEBHOOK_MESSAGES.privateAddress],
    ['https://[::ffff:192.168.0.1]/x', AWS, WEBHOOK_MESSAGES.privateAddress],
    ['https://[::169.254.169.254]/x', LOCAL, WEBHOOK_MESSAGES.privateAddress],
    ['https://[::ffff:0:a9fe:a9fe]/x', LOCAL, WEBHOOK_MESSAGES.privateAddress],
    ['https://[64:ff9b:1::a9fe:a9fe]/x', LOCAL, WEBHOOK_MESSAGES.privateAddress],
    ['https://[2002:a9fe:a9fe::1]/x', LOCAL, WEBHOOK_MESSAGES.privateAddress],
    ['https://2130706433/x', AWS, WEBHOOK_MESSAGES.privateAddress],
    ['https://127.0.0.1:8443/x', AWS, WEBHOOK_MESSAGES.privateAddress],
    ['http://10.0.0.8/x', LOCAL, WEBHOOK_MESSAGES.privateAddress],
  ])('refuses %s', (url, policy, message) => {
    expect(checkWebhookUrl(url, policy)).toEqual({ ok: false, message });
  });

  it('accepts an https URL by name (checked again when sending) and drops the fragment', () => {
    const check = checkWebhookUrl('https://Hooks.Example.com/helpdesk?x=1#top', AWS);
    expect(check.ok && check.url.href).toBe('https://hooks.example.com/helpdesk?x=1');
  });

  it('accepts http on loopback where the configuration allows it', () => {
    expect(checkWebhookUrl('http://127.0.0.1:4000/hook', LOCAL).ok).toBe(true);
  });
});

/** A private (or loopback) IPv4 address: any address of a refused range. */
const privateIpv4 = fc
  .constantFrom(
    [0x00000000, 8],
    [0x0a000000, 8],
    [0x64400000, 10],
    [0x7f000000, 8],
    [0xa9fe0000, 16],
    [0xac100000, 12],
    [0xc0000000, 24],
    [0xc0a80000, 16],
    [0xc6120000, 15],
    [0xe0000000, 4],
    [0xf0000000, 4],
  )
  .chain(([network, prefix]) =>
    fc.integer({ min: 0, max: 2 ** (32 - prefix) - 1 }).map((host) => (network + host) >>> 0),
  );

const group = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));
const dotted = (ip: number) => [ip >>> 24, (ip >>> 16) & 0xff, (ip >>> 8) & 0xff, ip & 0xff].join('.');
const hex = (ip: number) => `${(ip >>> 16).toString(16)}:${(ip & 0xffff).toString(16)}`;

/** The IPv6 forms that carry an IPv4 address, each in the notations a URL or a resolver may give. */
const embedding = (ip: number): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(`::${dotted(ip)}`, `::${hex(ip)}`),
    fc.constantFrom(`::ffff:${dotted(ip)}`, `::ffff:${hex(ip)}`),
    fc.constantFrom(`::ffff:0:${dotted(ip)}`, `::ffff:0:${hex(ip)}`),
    fc.constantFrom(`64:ff9b::${dotted(ip)}`, `64:ff9b::${hex(ip)}`),
    fc.tuple(group, group).map(([a, b]) => `64:ff9b:1:${a}:${b}:0:${hex(ip)}`),
    fc.tuple(group, group).map(([subnet, host]) => `2002:${hex(ip)}:${subnet}::${host}`),
    fc
      .tuple(fc.integer({ min: 0, max: 0xffffffff }), group, group)
      .map(([server, flags, port]) => `2001:0:${hex(server)}:${flags}:${port}:${hex(~ip >>> 0)}`),
  );

describe('IPv6 forms of private IPv4 addresses (property)', () => {
  it('refuses every IPv6 form of every private or loopback IPv4 address, as a literal and as a URL', () => {
    fc.assert(
      fc.property(
        privateIpv4.chain((ip) => embedding(ip).map((address) => ({ ip, address }))),
        fc.boolean(),
        ({ ip, address }, upper) => {
          const literal = upper ? address.toUpperCase() : address;
          const loopback = ip >>> 24 === 127;
          expect(forbiddenAddress(literal, AWS), literal).toEqual(expect.any(String));
          expect(checkWebhookUrl(`https://[${literal}]/hook`, AWS), literal).toEqual({
            ok: false,
            message: WEBHOOK_MESSAGES.privateAddress,
          });
          // Under the embedded runtime's policy only an IPv4-mapped loopback address may pass.
          if (!(loopback && /^::ffff:(?!0:)/i.test(literal))) {
            expect(forbiddenAddress(literal, LOCAL), literal).toEqual(expect.any(String));
          }
        },
      ),
      { seed: 20261124, numRuns: 2_000 },
    );
  });
});
