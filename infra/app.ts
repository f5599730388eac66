import { App } from 'aws-cdk-lib';
import { HelpdeskStack, settingsFromContext } from './stack.ts';

const app = new App();

const account = app.node.tryGetContext('account') ?? process.env.CDK_DEFAULT_ACCOUNT;
const region = app.node.tryGetContext('region') ?? process.env.CDK_DEFAULT_REGION;

new HelpdeskStack(app, 'Helpdesk', {
  // Without an account and region the stack stays environment-agnostic, which is enough to synthesize.
  ...(account || region ? { env: { account, region } } : {}),
  settings: settingsFromContext(app.node),
});
