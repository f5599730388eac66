/**
 * What every entry point wraps its handler in (docs/decisions/066-observability.md): the invocation's Lambda context
 * (request id, function, cold start) on every log line, and an X-Ray segment per invocation through Powertools Tracer.
 * Configuration only: `POWERTOOLS_TRACE_ENABLED=false` turns tracing off (the embedded runtime's setting,
 * infra/local/env.ts), and the Tracer stays off outside Lambda whatever the setting.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { Tracer } from '@aws-lambda-powertools/tracer';
import { captureLambdaHandler } from '@aws-lambda-powertools/tracer/middleware';
import { logger } from './logger.ts';

const tracer = new Tracer({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? 'helpdesk' });

/**
 * The middlewares to `use` first in every middy handler. Responses are not copied into traces: they carry tickets,
 * e-mail addresses and session cookies (docs/decisions/073-redaction.md).
 */
export const observed = () => [
  injectLambdaContext(logger, { resetKeys: true }),
  captureLambdaHandler(tracer, { captureResponse: false }),
];
