/**
 * What a native reader would catch and catalogs.test.ts cannot (docs/decisions/081-one-message-registry-and-lingui.md,
 * Glossary): English words the server writes into what readers see, counts without a plural in the English source,
 * terms used against the glossary, and each language's typography. The e-mail catalogs
 * (functions/mail/templates/) are held to the same glossary as the web app's.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { CATALOGS } from '#functions/mail/templates/index.ts';
import type { MailCatalog } from '#functions/mail/templates/catalog.ts';
import { type Language, LANGUAGES } from '../constants.ts';
import { REDACTION_KINDS } from '../redaction.ts';

const catalog = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`./catalogs/${language}.json`, import.meta.url), 'utf8'));
const catalogs = Object.fromEntries(LANGUAGES.map((language) => [language, catalog(language)])) as Record<
  Language,
  Record<string, string>
>;
const translations = LANGUAGES.filter((language) => language !== 'en');

// ---- English the server writes ------------------------------------------------------------------------------------

const ROOT = new URL('../../', import.meta.url).pathname;

/**
 * Where the server makes what is stored and shown: the domain rules, the use cases, the outbound framework, the jobs
 * and the WebSocket functions. Not the data layer (its strings are DynamoDB expressions), nor the route groups and the
 * HTTP framework, whose English is the OpenAPI document's, written for upstream developers (docs/api.md).
 */
const SERVER_DIRS = ['functions/domain', 'functions/use-cases', 'functions/outbound', 'functions/jobs', 'functions/ws'];

/**
 * English the server writes that the staff app and the customer's e-mails do not word: the diagnostics operators
 * read (delivery and inbound-mail details quoted beside SES's and the endpoints' own English, `HTTP 503`, the audit
 * log's free-text details), the API's English `message` beside its code (ADR 081), the names the history and audit log
 * record for the help desk's own actors (the web app words them by id, `history.actor.*`), and the BIP-39 word list.
 * Anything else with words in it must be a catalog key, or data that a reader words (a kind, a code).
 */
const NOT_WORDS_FOR_READERS: Record<string, readonly string[]> = {
  'functions/domain/api-keys.ts': ['… seconds'],
  'functions/domain/bip39-english.ts': ['*'],
  // The reply guard's default terms and link domains are what it looks for in replies, not texts anyone reads.
  'functions/domain/reply-guard.ts': ['*'],
  'functions/domain/webhooks.ts': ['HTTP …'],
  'functions/domain/webhook-targets.ts': ['*'],
  // A four-eyes request's summary: the API's English words for it (and the audit log's target name); the Pending
  // Approvals screen words each request from its kind and target (docs/decisions/095-four-eyes-approval.md).
  'functions/use-cases/approvals/held-actions.ts': ['*'],
  'functions/use-cases/mail/deliver-mail.ts': ['*'],
  'functions/use-cases/mail/delivery-events.ts': ['marked as spam'],
  'functions/use-cases/mail/manage-mail.ts': ['… of ticket …', 'opened …'],
  'functions/use-cases/mail/receive-mail.ts': ['*'],
  'functions/use-cases/compliance/reply-guard.ts': [
    'Reply guard terms',
    '… terms; added: …; removed: …',
    'comment …; held for: …',
    'comment …; note: …',
  ],
  'functions/use-cases/settings/desk-settings.ts': ['Desk settings'],
  'functions/use-cases/settings/sla-policy.ts': ['SLA policy'],
  'functions/use-cases/tickets/incident-fan-out.ts': ['… child job(s) queued for …', 'Nothing to change', 'Reply on …'],
  'functions/use-cases/tickets/mark-overdue.ts': ['Overdue check'],
  'functions/use-cases/tickets/scan-results.ts': ['Malware scan'],
  'functions/use-cases/tickets/thread.ts': ['comment …; held for: …'],
  // The outbound framework's: what a parked or held-back job says in the dead-letter view and the logs, and each
  // kind's description for the stack's queues; operator text, as the mail sender's.
  'functions/outbound/kinds.ts': ['*'],
  'functions/outbound/queue.ts': ['Message … is longer than … bytes'],
  'functions/outbound/sender.ts': ['*'],
  // The WebSocket route's answers to a malformed or refused frame: protocol diagnostics the web app never shows.
  'functions/ws/default.ts': ['*'],
  // EventBridge's name for a schedule's event, in the handler's type.
  'functions/jobs/auto-away.ts': ['Scheduled Event'],
  'functions/jobs/overdue.ts': ['Scheduled Event'],
  // A delivery's detail and a disabled webhook's reason: the delivery log's operator text, as the mail sender's.
  'functions/use-cases/webhooks/deliver-webhook.ts': [
    'No successful delivery since …; last error: …',
    'Dropped: the webhook was deleted',
    'Dropped: the webhook is disabled',
  ],
};

/** Two words in a row, a substitution counting as one: 'Card … charged', '[redacted …]', '… in …'. */
const ENGLISH_WORDS = /\p{L}{2,}[ ]+(?:\p{L}{2,}|…)|…[ ]+\p{L}{2,}/u;

/** Calls whose texts only operators read: the logger, and errors the API answers with a code instead. */
function forOperators(node: ts.Node): boolean {
  for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
    if (ts.isCallExpression(at) && /^logger\./.test(at.expression.getText())) return true;
    if (ts.isNewExpression(at) && /(Error|Failure)$/.test(at.expression.getText())) return true;
    if (ts.isStatement(at)) return false;
  }
  return false;
}

interface ServerText {
  file: string;
  line: number;
  text: string;
}

/** The string and template literals of a server module that hold English words, substitutions written '…'. */
function serverTexts(file: string, source: string): ServerText[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: ServerText[] = [];
  const visit = (node: ts.Node) => {
    let text: string | undefined;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
    else if (ts.isTemplateExpression(node))
      text = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('…');
    if (text !== undefined && !ts.isImportDeclaration(node.parent) && ENGLISH_WORDS.test(text) && !forOperators(node)) {
      const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
      found.push({ file, line: line + 1, text });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });

describe('the server', () => {
  it('writes no English that a reader sees: what it stores is a key, a kind or a code, worded by the reader', () => {
    const found = SERVER_DIRS.flatMap((dir) => sourceFiles(join(ROOT, dir)))
      .flatMap((path) => serverTexts(relative(ROOT, path), readFileSync(path, 'utf8')))
      .filter(({ file, text }) => {
        const allowed = NOT_WORDS_FOR_READERS[file];
        return !allowed?.includes('*') && !allowed?.includes(text);
      });
    expect(found.map(({ file, line, text }) => `${file}:${line} ${JSON.stringify(text)}`)).toEqual([]);
  });

  it('would be caught writing redaction markers or history lines in English', () => {
    const source = `
      export const redactionMarker = (kind) => \`[redacted \${kind}]\`;
      export const note = (field, kinds) => ({ field: 'redacted', from: null, to: \`\${kinds.join(', ')} in \${field}\` });
      export const stored = (kind) => \`[redacted:\${kind}]\`;
      export const value = (field, kinds) => \`\${field}:\${kinds.join(',')}\`;
      logger.warn('Inbound mail refused', { reason });
      throw new ConflictError(\`Ticket \${id} changed meanwhile\`);`;
    expect(serverTexts('functions/domain/example.ts', source).map(({ text }) => text)).toEqual([
      '[redacted …]',
      '… in …',
    ]);
  });

  it('has every redaction kind worded in every language, the e-mails as the web app', () => {
    for (const language of LANGUAGES) {
      for (const kind of REDACTION_KINDS) {
        expect(catalogs[language][`redaction.kind.${kind}`], `${language}: ${kind}`).toBeTruthy();
        expect(CATALOGS[language].redacted[kind], `${language}: ${kind}`).toBe(
          catalogs[language][`redaction.marker.${kind}`],
        );
      }
    }
  });
});

// ---- counts ---------------------------------------------------------------------------------------------------------

/** Argument names that hold a name, never a number ('{category} tickets' is "KYC tickets", '{actor} created'). */
const TEXT_ARGUMENTS = new Set(['actor', 'category', 'code']);
/** English words after a count that change with it: plural nouns, and the participles the dashboards count with. */
const COUNTED = /^\s?(?:(?!(?:has|is|was|does|contains)\b)[a-z]{2,}s|created|resolved|opened|closed|assigned)\b/;

type Token = CompiledMessage[number];

/** The arguments of an English message that stand bare before a counted word: '{count} resolved', '{days} days'. */
function countsWithoutPlural(message: string): string[] {
  const found: string[] = [];
  const walk = (tokens: CompiledMessage, plurals: ReadonlySet<string>) => {
    (tokens as Token[]).forEach((token, i) => {
      if (typeof token === 'string') return;
      const [name, type, format] = token;
      if (type === 'plural' || type === 'select' || type === 'selectordinal') {
        const inside = type === 'select' ? plurals : new Set([...plurals, name]);
        for (const [key, branch] of Object.entries(format as Record<string, CompiledMessage>))
          if (key !== 'offset') walk(branch, inside);
        return;
      }
      const next = tokens[i + 1];
      if (type === undefined && !plurals.has(name) && !TEXT_ARGUMENTS.has(name) && typeof next === 'string')
        if (COUNTED.test(next)) found.push(name);
    });
  };
  walk(compileMessageOrThrow(message), new Set());
  return found;
}

describe('the English source', () => {
  it('gives every count a plural, so that each language can agree with it', () => {
    const found = Object.entries(catalogs.en).flatMap(([key, message]) =>
      countsWithoutPlural(message).map((name) => `${key}: {${name}}`),
    );
    expect(found).toEqual([]);
  });

  it('would be caught counting without a plural', () => {
    expect(countsWithoutPlural('{count} resolved this week · {rating}')).toEqual(['count']);
    expect(countsWithoutPlural('{created} created · {resolved} resolved in the last {days} days')).toEqual([
      'created',
      'resolved',
      'days',
    ]);
    expect(countsWithoutPlural('{count, plural, one {# resolved} other {# resolved}} this week')).toEqual([]);
    expect(countsWithoutPlural('per {w, plural, =60 {minute} other {{w} seconds}}')).toEqual([]);
    expect(countsWithoutPlural('Look for a common cause of the {category} tickets')).toEqual([]);
    expect(countsWithoutPlural('{field} is required; {duration} overdue')).toEqual([]);
  });
});

// ---- the glossary ---------------------------------------------------------------------------------------------------

/**
 * Words the glossary replaced, per language: the one on the left must not appear (case-insensitive), the one on the
 * right is what the glossary says.
 */
const AGAINST_THE_GLOSSARY: Record<Exclude<Language, 'en'>, Record<string, string>> = {
  es: { ámbito: 'alcance', 'centro de soporte': 'mesa de ayuda', 'help desk': 'mesa de ayuda' },
  fr: {
    attribution: 'assignation',
    attribuer: 'assigner',
    'centre d’assistance': 'service d’assistance',
    'help desk': 'service d’assistance',
  },
  de: { Mitarbeiter: 'Team' },
  zh: { 在职: '已启用', 电子邮件: '邮件 / 邮箱', 提醒类型: '警报类型' },
  ja: { ログイン: 'サインイン', ログアウト: 'サインアウト', 未対応: 'オープン' },
};

/** The glossary's 'wallet address', which the copy button of an address names. */
const WALLET_ADDRESS: Record<Exclude<Language, 'en'>, string> = {
  es: 'dirección de billetera',
  fr: 'adresse de portefeuille',
  de: 'Wallet-Adresse',
  zh: '钱包地址',
  ja: 'ウォレットアドレス',
};

/** Every text of an e-mail catalog, its functions called with sample arguments. */
function mailTexts(mail: MailCatalog): string[] {
  const texts: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') texts.push(value);
    else if (typeof value === 'function') texts.push(String(value('TKT-000042', 'Subject', 'Low')));
    else if (value && typeof value === 'object') for (const inner of Object.values(value)) walk(inner);
  };
  walk(mail);
  return texts;
}

describe.each(translations)('the %s texts', (language) => {
  const texts = [...Object.entries(catalogs[language]), ...mailTexts(CATALOGS[language]).map((text) => ['mail', text])];

  it('use the glossary’s terms', () => {
    const found = texts.flatMap(([key, text]) =>
      Object.entries(AGAINST_THE_GLOSSARY[language])
        .filter(([forbidden]) => text!.toLowerCase().includes(forbidden.toLowerCase()))
        .map(([forbidden, preferred]) => `${key}: "${forbidden}" (the glossary says "${preferred}")`),
    );
    expect(found).toEqual([]);
    expect(catalogs[language]['identifier.copyAddress']).toContain(WALLET_ADDRESS[language]);
  });

  it('name the statuses and priorities in e-mails as the screens do', () => {
    for (const [status, word] of Object.entries(CATALOGS[language].statuses))
      expect(word, status).toBe(catalogs[language][`status.${status}`]);
    for (const [priority, word] of Object.entries(CATALOGS[language].priorities))
      expect(word, priority).toBe(catalogs[language][`priority.${priority}`]);
  });

  it('write an ellipsis as one character', () => {
    expect(texts.filter(([, text]) => text!.includes('...')).map(([key]) => key)).toEqual([]);
  });
});

describe('typography', () => {
  it('French: a no-break space before : ; ? ! and one apostrophe, ’', () => {
    const texts = [...Object.entries(catalogs.fr), ...mailTexts(CATALOGS.fr).map((text) => ['mail', text])];
    const wrong = texts.filter(([, text]) => {
      // URLs, scopes (tickets:read) and the header `Content-Type: application/json` keep their colon as written.
      const words = text!.replace(/https?:\/\/\S*|\b[\w-]+:[\w-]+\b|Content-Type: application\/json/g, '');
      return / [:;?!]/.test(words) || /[\p{L})»][:;?!]/u.test(words) || words.includes("'");
    });
    expect(wrong.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it('Japanese and Chinese: a full-width colon after a label', () => {
    for (const language of ['ja', 'zh'] as const) {
      const wrong = Object.entries(catalogs[language]).filter(([key, text]) => {
        if (key === 'error.jsonRequired') return false; // quotes the header `Content-Type: application/json`
        return /[^\w/]: ?|^: /.test(text.replace(/https?:\/\/\S*|\b[\w-]+:[\w-]+\b/g, ''));
      });
      expect(
        wrong.map(([key, text]) => `${language} ${key}: ${text}`),
        language,
      ).toEqual([]);
    }
  });
});
