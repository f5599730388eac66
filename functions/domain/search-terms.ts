/**
 * The words of word search (docs/decisions/090-search-by-term-index.md): one tokeniser for what is indexed and for
 * what is searched, so that both agree. Text is normalised (NFKC, lower case, Latin diacritics and `ß` folded, so
 * `Café` finds `cafe` and `Straße` finds `strasse`), split into words by `Intl.Segmenter` (word granularity), and
 * Chinese and Japanese runs, which have no spaces, become overlapping character bigrams: `退款申请` → `退款`, `款申`,
 * `申请`. A query's bigrams must all be present, so a CJK phrase finds the texts that hold it, whatever a dictionary
 * segmenter would have made of either side.
 */

/** Longest term kept; a longer word is indexed and searched by its first characters. */
export const TERM_MAX_LENGTH = 40;
/** Most distinct terms one ticket is indexed under (subject, description and public messages together). */
export const TICKET_TERMS_MAX = 4_000;

const segmenter = new Intl.Segmenter('en', { granularity: 'word' });

/** Han, Hiragana, Katakana (and the prolonged sound mark), Hangul: scripts written without spaces between words. */
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー々]+/gu;

function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/ß/g, 'ss');
}

const cut = (term: string): string => [...term].slice(0, TERM_MAX_LENGTH).join('');

/** A CJK run's bigrams, or the run itself when it is a single character. */
function bigrams(run: string): string[] {
  const chars = [...run];
  if (chars.length === 1) return chars;
  return chars.slice(0, -1).map((c, i) => c + chars[i + 1]);
}

/** The terms of `text`, in order of appearance, repeats included. */
export function termsOf(text: string): string[] {
  const terms: string[] = [];
  const normalised = normalise(text);
  let from = 0;
  const words = (part: string) => {
    for (const { segment, isWordLike } of segmenter.segment(part)) {
      // French and Italian elision (`l'application`): the word after the apostrophe is a word of its own.
      if (isWordLike) terms.push(...segment.split(/['’]/).filter(Boolean).map(cut));
    }
  };
  for (const match of normalised.matchAll(CJK_RUN)) {
    words(normalised.slice(from, match.index));
    terms.push(...bigrams(match[0]));
    from = match.index + match[0].length;
  }
  words(normalised.slice(from));
  return terms;
}

/** The distinct terms of several texts (a ticket's subject and description, say), at most TICKET_TERMS_MAX. */
export function termSet(...texts: string[]): Set<string> {
  const set = new Set<string>();
  for (const text of texts) {
    for (const term of termsOf(text)) {
      if (set.size >= TICKET_TERMS_MAX) return set;
      set.add(term);
    }
  }
  return set;
}

/**
 * What a search text asks for: every word but the last as a whole term, the last as a prefix (it may still be
 * being typed). A CJK query's bigrams are whole terms except the last, which matches as a prefix too.
 */
export interface WordQuery {
  words: string[];
  prefix: string;
}

/** The word query of a search text; undefined when it holds no word at all (only punctuation, say). */
export function wordQuery(text: string): WordQuery | undefined {
  const terms = [...new Set(termsOf(text))];
  const prefix = terms.pop();
  if (prefix === undefined) return undefined;
  return { words: terms.filter((t) => t !== prefix), prefix };
}

/** Whether a search text is a whole e-mail address (then it is a customer lookup, not a word search). */
export const isEmailAddress = (text: string): boolean => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text.trim());
