import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { config } from './config.ts';

let cognito: CognitoIdentityProviderClient | undefined;

/** The Cognito client, created once per process. */
export function cognitoClient(): CognitoIdentityProviderClient {
  if (!cognito) {
    const { region, cognito: c } = config();
    cognito = new CognitoIdentityProviderClient({ region, endpoint: c.endpoint });
  }
  return cognito;
}
