/**
 * What the function bundles get for `@aws-sdk/credential-provider-node` (infra/constructs/function.ts,
 * docs/decisions/100-function-bundles.md): the SDK clients' default credential chain cut to its first link, the SDK's
 * own environment provider. Lambda hands every function its role's credentials in environment variables, the first
 * place the full chain looks; its other links (SSO, profiles, web identity, container and instance metadata) bring
 * about 80 KB to every function, nested STS and SSO clients included, and are never reached there.
 */
const { fromEnv } = require('@aws-sdk/credential-provider-env');

/** The chain's signature: the clients call it with their logger and settings, and get a provider back. */
function defaultProvider(init = {}) {
  return fromEnv(init);
}

module.exports = { defaultProvider };
