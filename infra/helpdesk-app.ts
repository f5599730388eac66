/**
 * The CDK app's stacks: the help desk itself in the chosen region, and its WAF web ACL in us-east-1, where
 * CloudFront's must live (ADR 064). `cdk synth`/`deploy` (infra/app.ts) and the infra tests build the app here.
 */
import type { App } from 'aws-cdk-lib';
import { EDGE_REGION, HelpdeskEdgeStack } from './edge-stack.ts';
import { applyNagSuppressions } from './nag-suppressions.ts';
import { HelpdeskStack, settingsFromContext } from './stack.ts';

export interface HelpdeskApp {
  main: HelpdeskStack;
  edge: HelpdeskEdgeStack;
}

export interface HelpdeskAppOptions {
  /** Built SPA folder; `web/dist` by default. */
  webAssetPath?: string;
}

/**
 * Adds both stacks to `app`. The region is the `region` context, else the CLI's (`CDK_DEFAULT_REGION`), else
 * us-east-1: a reference across stacks needs known regions, so the main stack can no longer be region-agnostic.
 */
export function defineHelpdeskApp(app: App, options: HelpdeskAppOptions = {}): HelpdeskApp {
  const settings = settingsFromContext(app.node);
  const account: string | undefined = app.node.tryGetContext('account') ?? process.env.CDK_DEFAULT_ACCOUNT;
  const region: string = app.node.tryGetContext('region') ?? process.env.CDK_DEFAULT_REGION ?? EDGE_REGION;

  const edge = new HelpdeskEdgeStack(app, 'HelpdeskEdge', {
    env: { account, region: EDGE_REGION },
    authRateLimit: settings.authRateLimit,
  });
  const main = new HelpdeskStack(app, 'Helpdesk', {
    env: { account, region },
    settings,
    // With cdk.json's weak cross-stack references this becomes Fn::GetStackOutput: CloudFormation reads the edge
    // stack's output in us-east-1 when it deploys this stack, in whatever region that is.
    webAclArn: edge.webAclArn,
    ...(options.webAssetPath ? { webAssetPath: options.webAssetPath } : {}),
  });
  applyNagSuppressions(main);
  return { main, edge };
}
