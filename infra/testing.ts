/**
 * For the infra tests: the whole CDK app (both stacks) synthesized in memory, as `cdk synth` would with cdk.json's
 * context, minus esbuild, over a small web build of the test's choosing.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Aspects, type CfnElement, type Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { REPO_ROOT } from './constructs/function.ts';
import { defineHelpdeskApp, type HelpdeskApp } from './helpdesk-app.ts';

/** A built shell with one inline script, as the SPA's build makes it. */
export const TEST_SHELL_SCRIPT = "document.documentElement.dataset.test = 'shell';";
export const TEST_SHELL = `<!doctype html><html><head><title>Help desk</title></head><body><div id="root"></div><script>${TEST_SHELL_SCRIPT}</script></body></html>`;

/** The mail domain the tests' app is synthesized with unless a test says otherwise. */
export const TEST_MAIL_DOMAIN = 'mail.helpdesk.example';

const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> };

export interface SynthesizedApp extends HelpdeskApp {
  app: App;
  mainTemplate: Template;
  edgeTemplate: Template;
  /** With `nag`: the AWS Solutions errors and warnings left unacknowledged, by stack, as `path: message` lines. */
  findings: { main: string[]; edge: string[] };
}

/** Synthesizes both stacks with `context` on top of cdk.json's; with `nag`, the AWS Solutions checks run too. */
export function synthesizeApp(
  context: Record<string, unknown> = {},
  options: { nag?: boolean; shell?: string; extend?: (app: HelpdeskApp) => void } = {},
): SynthesizedApp {
  const webAssetPath = mkdtempSync(join(tmpdir(), 'helpdesk-web-'));
  writeFileSync(join(webAssetPath, 'index.html'), options.shell ?? TEST_SHELL);
  // A deployment names its mail domain (or a site domain): the tests' default, which a test may override.
  const app = new App({
    context: { ...cdkJson.context, 'aws:cdk:bundling-stacks': [], mailDomain: TEST_MAIL_DOMAIN, ...context },
  });
  try {
    const stacks = defineHelpdeskApp(app, { webAssetPath });
    options.extend?.(stacks);
    if (options.nag) Aspects.of(app).add(new AwsSolutionsChecks({ reports: false }));
    app.synth();
    // Read while the cloud assembly is still on disk.
    return {
      ...stacks,
      app,
      mainTemplate: Template.fromStack(stacks.main),
      edgeTemplate: Template.fromStack(stacks.edge),
      findings: options.nag
        ? { main: nagFindings(stacks.main), edge: nagFindings(stacks.edge) }
        : { main: [], edge: [] },
    };
  } finally {
    rmSync(app.outdir, { recursive: true, force: true });
    rmSync(webAssetPath, { recursive: true, force: true });
  }
}

function nagFindings(stack: Stack): string[] {
  const annotations = Annotations.fromStack(stack);
  const pattern = Match.stringLikeRegexp('AwsSolutions-');
  return [...annotations.findError('*', pattern), ...annotations.findWarning('*', pattern)].map(
    (finding) => `${finding.id}: ${String(finding.entry.data).split('\n')[0]}`,
  );
}

export const logicalIdOf = (stack: Stack, construct: IConstruct): string =>
  stack.getLogicalId(construct.node.defaultChild as CfnElement);
