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

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700::6810:85e5', '::ffff:8.8.8.8'])(
    'lets the public address %s through',
    (address) => {
      expect(forbiddenAddress(address, AWS)).toBeUndefined();
    },
  );

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
