import { type HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { HTTP_GROUPS, HTTP_ROUTES, httpEntry, type HttpGroup } from '#functions/api/routes.ts';
import { HandlerFunction } from './function.ts';
import type { AppSecret } from './app-secret.ts';
import { grantFunction } from './grants.ts';

export interface HttpRoutesProps {
  httpApi: HttpApi;
  table: ITable;
  userPool: IUserPool;
  appSecret: AppSecret;
  environment: Record<string, string>;
}

/** One Lambda per resource group of the route table, and one HTTP API route per route-table entry. */
export class HttpRoutes extends Construct {
  readonly functions: Record<HttpGroup, HandlerFunction>;

  constructor(scope: Construct, id: string, props: HttpRoutesProps) {
    super(scope, id);

    const functions = {} as Record<HttpGroup, HandlerFunction>;
    const integrations = {} as Record<HttpGroup, HttpLambdaIntegration>;
    for (const group of HTTP_GROUPS) {
      const fn = new HandlerFunction(this, functionId(group), {
        entry: httpEntry(group),
        description: `Help desk HTTP API: ${group} routes`,
        environment: props.environment,
      });
      grantFunction(group, fn, { table: props.table, userPool: props.userPool, appSecret: props.appSecret });
      functions[group] = fn;
      // One invoke permission per function rather than one per route keeps the resource policy small.
      integrations[group] = new HttpLambdaIntegration(`${functionId(group)}Integration`, fn, {
        scopePermissionToRoute: false,
      });
    }

    for (const route of HTTP_ROUTES) {
      props.httpApi.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: integrations[route.group],
      });
    }
    this.functions = functions;
  }
}

const functionId = (group: HttpGroup): string => `${group.charAt(0).toUpperCase()}${group.slice(1)}Function`;
