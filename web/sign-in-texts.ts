/**
 * Which texts the sign-in pages need (ADR 081, amendment of 2026-11-26): the keys of the catalogs that whatever a
 * visitor sees before signing in refers to, computed from the source of the modules that render it. The build puts
 * them in each language's initial catalog chunk and everything else in a chunk loaded once someone is signed in
 * (web/i18n-catalogs-plugin.ts).
 *
 * From each module of SIGNED_OUT_MODULES it follows the imports (static and dynamic) within the repository, except
 * into the route tree (whose other routes are signed-in screens), and collects every string literal that is a catalog
 * key, every literal ending in '.' as all the keys it starts, and every template (`\`signIn.${variant}.title\``) as all the
 * keys it matches.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const WEB_SRC = fileURLToPath(new URL('./src/', import.meta.url));
const SHARED = fileURLToPath(new URL('../shared/', import.meta.url));

/**
 * What renders before sign-in: the app's start (its toasts, the error boundary, the signed-out handler), the sign-in,
 * role-choice, organization and landing pages, the not-found page and the notice of a page that needs a session.
 */
const SIGNED_OUT_MODULES = [
  'main.tsx',
  'features/auth/LoginPage.tsx',
  'features/auth/RoleChooserPage.tsx',
  'features/auth/OrganizationLoginPage.tsx',
  'features/auth/SignedOutNotice.tsx',
  'features/landing/LandingPage.tsx',
  'components/NotFoundPage.tsx',
  'components/RouteError.tsx',
  'components/LoadError.tsx',
].map((path) => resolve(WEB_SRC, path));

/**
 * Codes the server may answer a sign-in with, which no module names: the sign-in refusals and the errors of any
 * request (`error.internal`, `error.timeout`…). A code outside them loads the rest before it is shown
 * (src/lib/server-message.ts `loadTextsOf`).
 */
const SERVER_CODES = [/^error\.auth\./, /^error\.[a-zA-Z]+$/];

/** Modules not followed: the route tree imports every route, signed-in screens included. */
const NOT_FOLLOWED = [resolve(WEB_SRC, 'routeTree.gen.ts')];

function resolveImport(from: string, specifier: string): string | null {
  let path: string;
  if (specifier.startsWith('.')) path = resolve(dirname(from), specifier);
  else if (specifier.startsWith('#shared/')) path = resolve(SHARED, specifier.slice('#shared/'.length));
  else return null;
  return /\.tsx?$/.test(path) && !NOT_FOLLOWED.includes(path) ? path : null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An import or export that names types only: it loads nothing. */
function typeOnly(node: ts.Node): boolean {
  if (ts.isExportDeclaration(node)) return node.isTypeOnly;
  if (!ts.isImportDeclaration(node) || !node.importClause) return false;
  const clause = node.importClause;
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return (
    !clause.name &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

/** The catalog keys the modules that render before sign-in refer to, in the order of `keys`. */
export function signInKeys(keys: readonly string[]): string[] {
  const known = new Set(keys);
  const needed = new Set<string>();
  const patterns: RegExp[] = [];
  const seen = new Set<string>();
  const pending = [...SIGNED_OUT_MODULES];
  const literal = (text: string) => {
    if (known.has(text)) needed.add(text);
    else if (text.endsWith('.')) patterns.push(new RegExp(`^${escapeRegExp(text)}`));
  };
  while (pending.length) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      const specifier =
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier
          ? node.moduleSpecifier
          : ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
            ? node.arguments[0]
            : undefined;
      if (specifier && ts.isStringLiteral(specifier)) {
        const target = resolveImport(file, specifier.text);
        if (target && !typeOnly(node)) pending.push(target);
        return;
      }
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literal(node.text);
      // A template that starts with a key's first part, such as `signIn.${variant}.title`.
      else if (ts.isTemplateExpression(node) && /^[a-zA-Z]+\./.test(node.head.text))
        patterns.push(
          new RegExp(
            `^${escapeRegExp(node.head.text)}${node.templateSpans.map((span) => `.+${escapeRegExp(span.literal.text)}`).join('')}$`,
          ),
        );
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return keys.filter(
    (key) =>
      needed.has(key) || patterns.some((pattern) => pattern.test(key)) || SERVER_CODES.some((code) => code.test(key)),
  );
}
