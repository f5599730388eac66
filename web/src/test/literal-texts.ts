/**
 * Finds user-visible texts written into the SPA's source instead of the catalogs (docs/decisions/081): text between
 * JSX tags, string literals in the props that reach the reader (labels, placeholders, titles, aria-labels…), string
 * literals given to JSX as children, and the texts of toasts. A string that is a catalog key is no text. Run by
 * i18n/literal-texts.test.ts over web/src; it reads the source with TypeScript's own parser.
 */
import ts from 'typescript';

/** Props whose value a reader sees or hears: HTML and ARIA attributes, and the app's own components' text props. */
export const TEXT_PROPS = new Set([
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'alt',
  'title',
  'placeholder',
  'label',
  'description',
  'helperText',
  'helper',
  'hint',
  'message',
  'loadingText',
  'submitLabel',
  'pendingLabel',
  'confirmLabel',
  'closeLabel',
]);

/** Functions that show their arguments to the reader (toasts), from the first argument that is a text. */
const TEXT_CALLS = new Map([
  ['notify', 1],
  ['notifyFailure', 1],
]);

export interface LiteralText {
  file: string;
  line: number;
  text: string;
}

const hasWords = (text: string) => /\p{L}/u.test(text);

/** The literal texts of one source file; `isKey` tells catalog keys apart from texts. */
export function literalTexts(file: string, source: string, isKey: (text: string) => boolean): LiteralText[] {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const found: LiteralText[] = [];
  const report = (node: ts.Node, text: string) => {
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    found.push({ file, line: line + 1, text: text.trim() });
  };
  /** A string or template literal with words in it that is not a catalog key. */
  const checkLiteral = (node: ts.Node | undefined) => {
    if (!node) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      if (hasWords(node.text) && !isKey(node.text)) report(node, node.text);
    } else if (ts.isTemplateExpression(node)) {
      // The literal parts, a placeholder for each substitution: `Search ${query}` reads 'Search …'.
      const parts = [node.head.text, ...node.templateSpans.map((span) => `…${span.literal.text}`)].join('');
      if (hasWords(parts)) report(node, parts);
    } else if (ts.isConditionalExpression(node)) {
      checkLiteral(node.whenTrue);
      checkLiteral(node.whenFalse);
    } else if (ts.isBinaryExpression(node) && node.operatorToken.kind !== ts.SyntaxKind.EqualsEqualsEqualsToken) {
      checkLiteral(node.left);
      checkLiteral(node.right);
    } else if (ts.isParenthesizedExpression(node)) {
      checkLiteral(node.expression);
    }
  };

  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      if (hasWords(node.text)) report(node, node.text);
    } else if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(sourceFile);
      if (TEXT_PROPS.has(name) && node.initializer) {
        checkLiteral(ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer);
      }
    } else if (
      ts.isJsxExpression(node) &&
      node.parent &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      // `{'Some text'}` or `{cond ? 'Yes' : 'No'}` between tags.
      checkLiteral(node.expression);
    } else if (ts.isCallExpression(node) && TEXT_CALLS.has(node.expression.getText(sourceFile))) {
      const first = TEXT_CALLS.get(node.expression.getText(sourceFile)) ?? 0;
      for (const argument of node.arguments.slice(first)) checkLiteral(argument);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}
