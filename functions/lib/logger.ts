import { Logger } from '@aws-lambda-powertools/logger';

/** Structured JSON logs, one logger per process; the Lambda context is added per invocation by the handlers. */
export const logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'helpdesk' });
