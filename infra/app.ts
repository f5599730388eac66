import { App, Aspects } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { defineHelpdeskApp } from './helpdesk-app.ts';

const app = new App();
defineHelpdeskApp(app);
// Every synth and deploy runs the AWS Solutions checks; an unacknowledged finding fails it (infra/nag.test.ts too).
Aspects.of(app).add(new AwsSolutionsChecks());
