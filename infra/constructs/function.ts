import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

/** Repository root: handler entries in the route table are relative to it. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface HandlerFunctionProps {
  /** Entry module relative to the repository root, as the route table lists it. */
  entry: string;
  description: string;
  environment: Record<string, string>;
  timeout?: Duration;
}

/**
 * Every Lambda of the help desk: Node 22 on Graviton, bundled locally by esbuild into one minified ESM file. Its role
 * starts empty but for writing to its own log group (not AWS's managed basic-execution policy, which allows every
 * log group); infra/constructs/grants.ts adds what the function's code calls.
 */
export class HandlerFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: HandlerFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `${props.description} (execution role)`,
    });
    logGroup.grantWrite(role);

    super(scope, id, {
      entry: join(REPO_ROOT, props.entry),
      projectRoot: REPO_ROOT,
      depsLockFilePath: join(REPO_ROOT, 'package-lock.json'),
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      // Lambda allots CPU in proportion to memory; 1 GB keeps cold starts short.
      memorySize: 1024,
      timeout: props.timeout ?? Duration.seconds(10),
      environment: props.environment,
      logGroup,
      role,
      // X-Ray traces of every invocation; Powertools Tracer adds the handler's segment (functions/lib/observability.ts).
      tracing: Tracing.ACTIVE,
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        minify: true,
        // index.mjs.map beside the bundle, for mapping a stack trace by hand or after setting NODE_OPTIONS to
        // --enable-source-maps on one function; not on by default, as Node would parse the map on every cold start.
        sourceMap: true,
        sourcesContent: false,
        mainFields: ['module', 'main'],
        // ESM output still meets CommonJS dependencies that call require(); give them one.
        banner: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
        // Ship the SDK version the tests ran against; bundled, it also imports in half the time the runtime's own
        // takes to load from its node_modules, for ~380 KB more per function (docs/decisions/100-function-bundles.md).
        bundleAwsSDK: true,
        // Lingui's core registers its ICU compiler unless in production; the server texts are compiled ahead of time
        // (functions/lib/messages.ts), so the parser is left out.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        esbuildArgs: {
          // The X-Ray SDK's one use of semver, a version check on SDK v2 clients we never capture (semver-gte.cjs).
          '--alias:semver': join(REPO_ROOT, 'infra/constructs/semver-gte.cjs'),
          // The SDK's credential chain cut to the environment variables Lambda sets (credentials-from-env.cjs).
          '--alias:@aws-sdk/credential-provider-node': join(REPO_ROOT, 'infra/constructs/credentials-from-env.cjs'),
        },
      },
    });
  }
}
