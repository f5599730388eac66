import { Duration, RemovalPolicy, SecretValue } from 'aws-cdk-lib';
import {
  AccountRecovery,
  OAuthScope,
  ProviderAttribute,
  UserPool,
  type UserPoolClient,
  UserPoolClientIdentityProvider,
  type UserPoolDomain,
  UserPoolIdentityProviderOidc,
  UserPoolIdentityProviderSaml,
  UserPoolIdentityProviderSamlMetadata,
  type IUserPoolIdentityProvider,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { PASSWORD_MIN_LENGTH } from '#shared/constants.ts';

/** The organisation's identity provider for "organization sign-in" through the hosted UI. */
export type SsoProvider =
  | {
      type: 'saml';
      /** Provider name shown on the hosted UI and passed as `identity_provider`. */
      name: string;
      metadataUrl: string;
      /** SAML assertion attribute carrying the e-mail address. */
      emailAttribute?: string;
    }
  | {
      type: 'oidc';
      name: string;
      issuerUrl: string;
      clientId: string;
      /** Secrets Manager secret holding the client secret, so it never lands in the template. */
      clientSecretName: string;
    };

export interface IdentityProps {
  /** `https://host` the browser uses; the OAuth callback and sign-out URLs hang off it. */
  siteUrl: string;
  cognitoDomainPrefix: string;
  ssoProvider?: SsoProvider;
}

const SAML_EMAIL_CLAIM = 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress';

/** Staff identities: the user pool, the web app client and the hosted-UI domain for organisation sign-in. */
export class Identity extends Construct {
  readonly userPool: UserPool;
  readonly client: UserPoolClient;
  readonly domain: UserPoolDomain;
  /** `https://prefix.auth.region.amazoncognito.com` */
  readonly hostedUiUrl: string;

  constructor(scope: Construct, id: string, props: IdentityProps) {
    super(scope, id);

    this.userPool = new UserPool(this, 'UserPool', {
      // Accounts are created by admins only (docs/product.md §6); nobody signs themselves up.
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      // The product's password rule is a minimum length and nothing else (docs/product.md §5, §9).
      passwordPolicy: {
        minLength: PASSWORD_MIN_LENGTH,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      // Forgotten passwords are reset by an admin in Agent Management, not by e-mail.
      accountRecovery: AccountRecovery.NONE,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.domain = this.userPool.addDomain('HostedUi', {
      cognitoDomain: { domainPrefix: props.cognitoDomainPrefix },
    });
    this.hostedUiUrl = this.domain.baseUrl();

    const providers: UserPoolClientIdentityProvider[] = [UserPoolClientIdentityProvider.COGNITO];
    const federation = props.ssoProvider ? this.addSsoProvider(props.ssoProvider) : undefined;
    if (federation) providers.push(UserPoolClientIdentityProvider.custom(federation.providerName));

    this.client = this.userPool.addClient('WebClient', {
      // A public client: the functions hold no secret, and the hosted-UI flow is protected by PKCE.
      generateSecret: false,
      authFlows: { userPassword: true },
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
      supportedIdentityProviders: providers,
      oAuth: {
        flows: { authorizationCodeGrant: true },
        scopes: [OAuthScope.OPENID, OAuthScope.EMAIL, OAuthScope.PROFILE],
        callbackUrls: [`${props.siteUrl}/api/auth/callback`],
        logoutUrls: [`${props.siteUrl}/`],
      },
    });
  }

  private addSsoProvider(provider: SsoProvider): IUserPoolIdentityProvider {
    if (provider.type === 'saml') {
      return new UserPoolIdentityProviderSaml(this, 'SamlProvider', {
        userPool: this.userPool,
        name: provider.name,
        metadata: UserPoolIdentityProviderSamlMetadata.url(provider.metadataUrl),
        attributeMapping: { email: ProviderAttribute.other(provider.emailAttribute ?? SAML_EMAIL_CLAIM) },
      });
    }
    return new UserPoolIdentityProviderOidc(this, 'OidcProvider', {
      userPool: this.userPool,
      name: provider.name,
      issuerUrl: provider.issuerUrl,
      clientId: provider.clientId,
      // A dynamic reference: CloudFormation resolves it at deploy time, the template holds only the name.
      clientSecret: SecretValue.secretsManager(provider.clientSecretName).unsafeUnwrap(),
      scopes: ['openid', 'email', 'profile'],
      attributeMapping: { email: ProviderAttribute.other('email') },
    });
  }
}
