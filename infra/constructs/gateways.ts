import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogFormat, CfnAccount } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpStage, LogGroupLogDestination, WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

/** The CloudFront path that reaches the WebSocket API; the stage carries the same name so paths map 1:1. */
export const WEBSOCKET_STAGE = 'ws';

/** How long API access logs are kept: long enough to look into an incident reported weeks later. */
export const ACCESS_LOG_RETENTION = RetentionDays.THREE_MONTHS;

/** One JSON line per HTTP request: who (address, key or session is in the function's own log), what, how it ended. */
const HTTP_ACCESS_LOG = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    ip: '$context.identity.sourceIp',
    time: '$context.requestTime',
    method: '$context.httpMethod',
    routeKey: '$context.routeKey',
    path: '$context.path',
    status: '$context.status',
    protocol: '$context.protocol',
    responseLength: '$context.responseLength',
    latencyMs: '$context.responseLatency',
    integrationError: '$context.integrationErrorMessage',
    userAgent: '$context.identity.userAgent',
  }),
);

/** One JSON line per WebSocket event: connects (with the authorizer's verdict), messages, disconnects. */
const WEBSOCKET_ACCESS_LOG = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    ip: '$context.identity.sourceIp',
    time: '$context.requestTime',
    eventType: '$context.eventType',
    routeKey: '$context.routeKey',
    connectionId: '$context.connectionId',
    status: '$context.status',
    authorizerError: '$context.authorizer.error',
    integrationError: '$context.integrationErrorMessage',
    userAgent: '$context.identity.userAgent',
  }),
);

/**
 * The two API Gateway endpoints behind CloudFront, created bare: the distribution needs their domains,
 * the Cognito client needs the distribution's, and the handlers need the client's id, so the routes are
 * attached later by the HttpRoutes and Realtime constructs.
 */
export class Gateways extends Construct {
  readonly httpApi: HttpApi;
  readonly httpStage: HttpStage;
  readonly httpAccessLogs: LogGroup;
  readonly webSocketApi: WebSocketApi;
  readonly webSocketStage: WebSocketStage;
  readonly webSocketAccessLogs: LogGroup;
  readonly apiGatewayAccount: CfnAccount;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    // No CORS and no authorizer: the browser only ever sees the CloudFront origin, and the functions
    // authenticate each request themselves (session cookies or an API key). The default stage is made here rather
    // than by HttpApi so that it can carry access logs.
    // Access logs are evidence after an incident: they outlive the stack and expire by their retention.
    const accessLogGroup = (logId: string) =>
      new LogGroup(this, logId, { retention: ACCESS_LOG_RETENTION, removalPolicy: RemovalPolicy.RETAIN });

    this.httpApi = new HttpApi(this, 'HttpApi', { apiName: 'helpdesk-http', createDefaultStage: false });
    this.httpAccessLogs = accessLogGroup('HttpApiAccessLogs');
    this.httpStage = new HttpStage(this, 'HttpApiDefaultStage', {
      httpApi: this.httpApi,
      autoDeploy: true,
      accessLogSettings: { destination: new LogGroupLogDestination(this.httpAccessLogs), format: HTTP_ACCESS_LOG },
    });

    // WebSocket stages (unlike HTTP API stages) write their logs through the region's API Gateway account role.
    const cloudWatchRole = new Role(this, 'ApiGatewayCloudWatchRole', {
      assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
      managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs')],
    });
    // The account setting outlives the stack; so must the role it names, or other APIs of the account lose logging.
    cloudWatchRole.applyRemovalPolicy(RemovalPolicy.RETAIN);
    this.apiGatewayAccount = new CfnAccount(this, 'ApiGatewayAccount', { cloudWatchRoleArn: cloudWatchRole.roleArn });

    this.webSocketApi = new WebSocketApi(this, 'WebSocketApi', { apiName: 'helpdesk-ws' });
    this.webSocketAccessLogs = accessLogGroup('WebSocketAccessLogs');
    this.webSocketStage = new WebSocketStage(this, 'WebSocketStage', {
      webSocketApi: this.webSocketApi,
      stageName: WEBSOCKET_STAGE,
      autoDeploy: true,
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.webSocketAccessLogs),
        format: WEBSOCKET_ACCESS_LOG,
      },
    });
    this.webSocketStage.node.addDependency(this.apiGatewayAccount);
  }

  /** Host name of the HTTP API's default endpoint (CloudFront origins take a bare domain). */
  get httpApiDomain(): string {
    return executeApiDomain(this, this.httpApi.apiId);
  }

  /** Host name of the WebSocket API's default endpoint. */
  get webSocketApiDomain(): string {
    return executeApiDomain(this, this.webSocketApi.apiId);
  }
}

const executeApiDomain = (scope: Construct, apiId: string): string => {
  const stack = Stack.of(scope);
  return `${apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
};
