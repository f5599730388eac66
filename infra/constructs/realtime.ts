import type { WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Construct } from 'constructs';
import { WS_HANDLERS } from '#functions/api/routes.ts';
import { HandlerFunction } from './function.ts';
import type { AppSecret } from './app-secret.ts';
import { grantFunction } from './grants.ts';

/**
 * The browser's socket carries the same HttpOnly session cookie as its API calls (same origin through
 * CloudFront), so the $connect authorizer is keyed on the Cookie header; a request without one is refused
 * by API Gateway before any Lambda runs.
 */
export const WEBSOCKET_IDENTITY_SOURCE = 'route.request.header.Cookie';

export interface RealtimeProps {
  webSocketApi: WebSocketApi;
  /** The stage whose `@connections` the presence handlers post to (docs/product.md §7 "WebSocket"). */
  webSocketStage: WebSocketStage;
  table: ITable;
  appSecret: AppSecret;
  environment: Record<string, string>;
}

/** The WebSocket routes: an authorised $connect, $disconnect and $default. */
export class Realtime extends Construct {
  readonly authorizerFunction: HandlerFunction;
  readonly connectFunction: HandlerFunction;
  readonly disconnectFunction: HandlerFunction;
  readonly defaultFunction: HandlerFunction;

  constructor(scope: Construct, id: string, props: RealtimeProps) {
    super(scope, id);
    const { webSocketApi, table, environment } = props;

    this.authorizerFunction = new HandlerFunction(this, 'AuthorizerFunction', {
      entry: WS_HANDLERS.authorizer,
      description: 'Help desk WebSocket: $connect authorizer (session cookie)',
      environment,
    });
    this.connectFunction = new HandlerFunction(this, 'ConnectFunction', {
      entry: WS_HANDLERS.connect,
      description: 'Help desk WebSocket: $connect',
      environment,
    });
    this.disconnectFunction = new HandlerFunction(this, 'DisconnectFunction', {
      entry: WS_HANDLERS.disconnect,
      description: 'Help desk WebSocket: $disconnect',
      environment,
    });
    this.defaultFunction = new HandlerFunction(this, 'DefaultFunction', {
      entry: WS_HANDLERS.default,
      description: 'Help desk WebSocket: $default',
      environment,
    });

    grantFunction('wsAuthorizer', this.authorizerFunction, { table, appSecret: props.appSecret });
    grantFunction('wsConnect', this.connectFunction, { table });
    grantFunction('wsDisconnect', this.disconnectFunction, { table });
    grantFunction('wsDefault', this.defaultFunction, { table });
    // execute-api:ManageConnections: presence lists are posted to the others on a ticket, when one comes or goes.
    props.webSocketStage.grantManagementApiAccess(this.defaultFunction);
    props.webSocketStage.grantManagementApiAccess(this.disconnectFunction);

    const authorizer = new WebSocketLambdaAuthorizer('CookieAuthorizer', this.authorizerFunction, {
      identitySource: [WEBSOCKET_IDENTITY_SOURCE],
    });
    webSocketApi.addRoute('$connect', {
      integration: new WebSocketLambdaIntegration('ConnectIntegration', this.connectFunction),
      authorizer,
    });
    webSocketApi.addRoute('$disconnect', {
      integration: new WebSocketLambdaIntegration('DisconnectIntegration', this.disconnectFunction),
    });
    webSocketApi.addRoute('$default', {
      integration: new WebSocketLambdaIntegration('DefaultIntegration', this.defaultFunction),
    });
  }
}
