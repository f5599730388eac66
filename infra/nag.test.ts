/**
 * The cdk-nag AWS Solutions checks find nothing unacknowledged in either stack, in every shape the app takes: the
 * offline synth (no account, region defaulted), a deployment in another region than the WAF's (cross-region
 * reference), and one with a custom domain. Every acknowledgement and its reason lives in infra/nag-suppressions.ts.
 */
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { describe, expect, it } from 'vitest';
import { synthesizeApp } from './testing.ts';

// Each synth takes a few seconds on an idle machine, more under load.
const SYNTH_TIMEOUT_MS = 120_000;

describe('cdk-nag AWS Solutions checks', () => {
  it.each([
    ['the offline synth (no account, us-east-1)', {}],
    [
      'a deployment in eu-west-1 (WAF in us-east-1, referenced across regions)',
      {
        account: '123456789012',
        region: 'eu-west-1',
      },
    ],
    [
      'a deployment with a custom domain',
      {
        account: '123456789012',
        region: 'eu-central-1',
        domainName: 'help.example.com',
        certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc',
      },
    ],
  ])(
    'leave nothing unacknowledged in %s',
    (_shape, context) => {
      const { findings } = synthesizeApp(context, { nag: true });
      expect(findings).toEqual({ main: [], edge: [] });
    },
    SYNTH_TIMEOUT_MS,
  );

  it(
    'fail the synth on what is not acknowledged (a bucket without access logs or TLS enforcement)',
    () => {
      expect(() => synthesizeApp({}, { nag: true, extend: ({ main }) => new Bucket(main, 'Unchecked') })).toThrow(
        /AwsSolutions-S1:[\s\S]*AwsSolutions-S10:/,
      );
    },
    SYNTH_TIMEOUT_MS,
  );
});
