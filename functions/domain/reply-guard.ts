/**
 * The reply guard (docs/decisions/099-reply-guard.md): whether a public reply could tip a customer off about a
 * suspicious-activity report or an investigation, or links to a host outside the desk's allowlist. Such a reply is
 * held for a compliance user instead of sent. Pure: the terms and the allowed hosts come from the caller.
 *
 * Matching:
 * - Text and terms are compared in one folded form: NFKC (full-width letters and digits become ASCII, half-width
 *   katakana full-width), accents stripped from Latin letters only (combining marks after a Latin letter; Japanese
 *   voiced marks stay), ß as ss, lower case.
 * - A term with a Han, kana or Hangul character matches as a substring (those scripts put no spaces between words).
 * - Any other term matches whole words: its words must appear one after another in the text's words (a word is a run
 *   of letters and digits, so "d'argent" is "d argent"). A term word ending in `*` is a prefix: `investigat*` matches
 *   investigation, investigating and investigator. The prefix must keep at least GUARD_TERM_LIMITS.prefixMin letters, so
 *   that no term matches half the dictionary.
 */
import type { Language } from '#shared/constants.ts';
import type { HoldReason } from '#shared/schemas/reply-guard.ts';
import { GUARD_TERM_LIMITS } from '#shared/schemas/reply-guard.ts';

/**
 * What the guard holds until compliance users save their own list: a suspicious-activity report (SAR), an
 * investigation, law enforcement, money laundering, an account under review by compliance, in each customer language,
 * a few ways each.
 */
export const DEFAULT_GUARD_TERMS: Readonly<Record<Language, readonly string[]>> = {
  en: [
    'suspicious activity report*',
    'suspicious transaction report*',
    'SAR',
    'SARs',
    'investigat*',
    'law enforcement',
    'police',
    'money laundering',
    'launder*',
    'under review by compliance',
    'compliance review',
  ],
  de: [
    'Verdachtsmeldung*',
    'verdächtige Aktivität*',
    'Ermittlung*',
    'ermittelt',
    'Strafverfolgung*',
    'Polizei',
    'Geldwäsche*',
    'Prüfung durch die Compliance',
    'Compliance-Prüfung',
  ],
  fr: [
    'déclaration de soupçon*',
    'activité suspecte',
    'activités suspectes',
    'enquête*',
    "forces de l'ordre",
    'police',
    "blanchiment d'argent",
    'blanchiment de capitaux',
    'examen par le service conformité',
    'examen de conformité',
  ],
  es: [
    'reporte de actividad sospechosa',
    'informe de actividad sospechosa',
    'operación sospechosa',
    'investigaci*',
    'fuerzas del orden',
    'autoridades policiales',
    'blanqueo de capitales',
    'lavado de dinero',
    'revisión de cumplimiento',
    'en revisión por cumplimiento',
  ],
  ja: [
    '疑わしい取引の届出',
    '疑わしい取引',
    '不審な取引の報告',
    '捜査',
    '法執行機関',
    '警察',
    'マネーロンダリング',
    '資金洗浄',
    'コンプライアンス審査',
    'コンプライアンス部門による審査',
  ],
  zh: [
    '可疑活动报告',
    '可疑交易报告',
    '可疑交易',
    '调查',
    '执法机关',
    '执法部门',
    '警方',
    '洗钱',
    '合规审查',
    '合规部门审核',
  ],
};

/** Every default term, in one list (what `GET /api/compliance/guard-terms` answers until the list is first saved). */
export const defaultGuardTerms = (): string[] => Object.values(DEFAULT_GUARD_TERMS).flat();

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const WORD = /[\p{L}\p{N}]+/gu;
const TERM_WORD = /[\p{L}\p{N}]+\*?/gu;

/** foldText: the form text and terms are compared in (see the module comment). */
export function foldText(text: string): string {
  return text
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .normalize('NFC')
    .toLowerCase()
    .replace(/ß/g, 'ss');
}

interface CompiledTerm {
  term: string;
  /** Substring of the folded text (CJK terms), or whole words one after another. */
  substring?: string;
  words?: { text: string; prefix: boolean }[];
}

function compileTerm(term: string): CompiledTerm | undefined {
  const folded = foldText(term).trim();
  if (!folded) return undefined;
  if (CJK.test(folded)) return { term, substring: folded.replace(/\s+/g, '') };
  const words = [...folded.matchAll(TERM_WORD)].map(([w]) =>
    w.endsWith('*') ? { text: w.slice(0, -1), prefix: true } : { text: w, prefix: false },
  );
  return words.length ? { term, words } : undefined;
}

const wordMatches = (word: string, wanted: { text: string; prefix: boolean }) =>
  wanted.prefix ? word.startsWith(wanted.text) : word === wanted.text;

/** matchGuardTerms: the terms (as written in the list) that the text contains, each once, in list order. */
export function matchGuardTerms(text: string, terms: readonly string[]): string[] {
  const folded = foldText(text);
  const compact = folded.replace(/\s+/g, '');
  const words = [...folded.matchAll(WORD)].map(([w]) => w);
  const found: string[] = [];
  for (const compiled of terms.map(compileTerm)) {
    if (!compiled || found.includes(compiled.term)) continue;
    if (compiled.substring !== undefined) {
      if (compact.includes(compiled.substring)) found.push(compiled.term);
      continue;
    }
    const wanted = compiled.words ?? [];
    const hit = words.some((_, start) =>
      wanted.every((w, j) => start + j < words.length && wordMatches(words[start + j] ?? '', w)),
    );
    if (hit) found.push(compiled.term);
  }
  return found;
}

/**
 * Top-level domains a bare `name.tld` (no scheme, no www.) is taken as a link for. Without a scheme the guard cannot
 * tell `report.pdf` from a host, so bare names count only under the domains phishing uses most and the usual
 * generic and country ones.
 */
const BARE_LINK_TLDS = new Set(
  (
    'com net org info biz io co app dev xyz top online site website shop store live link click me ly to cc gg tk ml ' +
    'ga cf gq ws su ru cn de uk fr es jp us eu ch nl it pl br in ca au kr hk sg tw vip club pro finance exchange ' +
    'money trade crypto cash bank'
  ).split(' '),
);

const SCHEME_LINK = /\bhttps?:\/\/[^\s<>"'`]+/giu;
const WWW_LINK = /(?<![\p{L}\p{N}@.-])www\.[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/giu;
const BARE_LINK =
  /(?<![\p{L}\p{N}@./:-])(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+([\p{L}]{2,})(?![\p{L}\p{N}@-])/giu;

/** normalHost: a host in the form compared with the allowlist (lower case, punycode, no trailing dot); undefined if none. */
export function normalHost(host: string): string | undefined {
  try {
    const hostname = new URL(`http://${host.trim()}`).hostname.replace(/\.$/, '');
    return hostname || undefined;
  } catch {
    return undefined;
  }
}

function hostOfLink(link: string): string | undefined {
  try {
    // URL takes the host after any user part: `https://bank.example@evil.example` is evil.example.
    return new URL(/^https?:/i.test(link) ? link : `http://${link}`).hostname.replace(/\.$/, '') || undefined;
  } catch {
    return undefined;
  }
}

/** linkHosts: the hosts the text links to (http/https URLs, www. names, bare names under BARE_LINK_TLDS), each once. */
export function linkHosts(text: string): string[] {
  const folded = text.normalize('NFKC');
  const hosts = new Set<string>();
  const add = (link: string) => {
    const host = hostOfLink(link.replace(/[.,;:!?)\]}]+$/, ''));
    if (host) hosts.add(host);
  };
  let rest = folded;
  for (const [link] of folded.matchAll(SCHEME_LINK)) {
    add(link);
    rest = rest.replace(link, ' ');
  }
  for (const [link] of rest.matchAll(WWW_LINK)) {
    add(link);
    rest = rest.replace(link, ' ');
  }
  for (const match of rest.matchAll(BARE_LINK)) {
    if (BARE_LINK_TLDS.has((match[1] ?? '').toLowerCase())) add(match[0]);
  }
  return [...hosts];
}

/** isAllowedHost: the host is an allowed one or a subdomain of one. */
export function isAllowedHost(host: string, allowed: readonly string[]): boolean {
  return allowed.some((a) => host === a || host.endsWith(`.${a}`));
}

/** What the guard is told about the desk: its terms, its allowed link hosts, and its own hosts (always allowed). */
export interface GuardPolicy {
  terms: readonly string[];
  allowedLinkHosts: readonly string[];
  ownHosts: readonly string[];
}

/** holdReasons: why a public reply must be held (empty: it may be sent): the terms it contains, then the hosts. */
export function holdReasons(text: string, policy: GuardPolicy): HoldReason[] {
  const allowed = [...policy.allowedLinkHosts, ...policy.ownHosts].flatMap((h) => normalHost(h) ?? []);
  const terms = matchGuardTerms(text, policy.terms).map((value): HoldReason => ({ kind: 'term', value }));
  const links = linkHosts(text)
    .filter((host) => !isAllowedHost(host, allowed))
    .map((value): HoldReason => ({ kind: 'link', value }));
  return [...terms, ...links];
}

/** Whether a term is one the guard can use: some letters, and any prefix word long enough. */
export function isUsableTerm(term: string): boolean {
  const compiled = compileTerm(term);
  if (!compiled) return false;
  return (compiled.words ?? []).every((w) => !w.prefix || [...w.text].length >= GUARD_TERM_LIMITS.prefixMin);
}
