import { Stack } from 'aws-cdk-lib';
import { HttpApi, WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { Construct } from 'constructs';

/** The CloudFront path that reaches the WebSocket API; the stage carries the same name so paths map 1:1. */
export const WEBSOCKET_STAGE = 'ws';

/**
 * The two API Gateway endpoints behind CloudFront, created bare: the distribution needs their domains,
 * the Cognito client needs the distribution's, and the handlers need the client's id, so the routes are
 * attached later by the HttpRoutes and Realtime constructs.
 */
export class Gateways extends Construct {
  readonly httpApi: HttpApi;
  readonly webSocketApi: WebSocketApi;
  readonly webSocketStage: WebSocketStage;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    // No CORS and no authorizer: the browser only ever sees the CloudFront origin, and the functions
    // authenticate each request themselves (session cookies or an API key).
    this.httpApi = new HttpApi(this, 'HttpApi', { apiName: 'helpdesk-http' });

    this.webSocketApi = new WebSocketApi(this, 'WebSocketApi', { apiName: 'helpdesk-ws' });
    this.webSocketStage = new WebSocketStage(this, 'WebSocketStage', {
      webSocketApi: this.webSocketApi,
      stageName: WEBSOCKET_STAGE,
      autoDeploy: true,
    });
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
