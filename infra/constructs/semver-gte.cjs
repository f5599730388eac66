/**
 * What the function bundles get for `semver` (infra/constructs/function.ts, docs/decisions/100-function-bundles.md):
 * its one caller there, the X-Ray SDK's capture of AWS SDK v2 clients, compares two versions with `gte`. The help desk
 * uses SDK v3 and never calls that capture; the full package would add 28 KB to every function.
 */
const parts = (version) =>
  String(version)
    .replace(/^v/, '')
    .split(/[.+-]/)
    .slice(0, 3)
    .map((part) => Number.parseInt(part, 10) || 0);

/** Whether version `a` is at least `b`, by major, minor and patch. */
function gte(a, b) {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] > y[i];
  return true;
}

module.exports = { gte };
