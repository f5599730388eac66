/**
 * What the function bundles get for `@aws-sdk/credential-provider-node` (infra/constructs/function.ts,
 * docs/decisions/100-function-bundles.md): the SDK clients' default credential chain, cut to its first link. Lambda
 * hands every function its role's credentials in environment variables, the first place the full chain looks; its
 * other links (SSO, profiles, web identity, container and instance metadata) bring about 80 KB to every function,
 * nested STS and SSO clients included, and are never reached there.
 */
function defaultProvider() {
  return async () => {
    const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
    const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
    if (!accessKeyId || !secretAccessKey) {
      throw new Error('No AWS credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)');
    }
    const sessionToken = process.env.AWS_SESSION_TOKEN;
    const expiry = process.env.AWS_CREDENTIAL_EXPIRATION;
    return {
      accessKeyId,
      secretAccessKey,
      ...(sessionToken ? { sessionToken } : {}),
      ...(expiry ? { expiration: new Date(expiry) } : {}),
    };
  };
}

module.exports = { defaultProvider };
