/**
 * The page behind a rating link (`/r/<token>`): five choices and an optional comment, or what became of the link.
 * Server-rendered HTML in the customer's language, no script at all (the site's CSP allows none but the SPA shell's
 * own), usable with a keyboard alone: the choices are a fieldset of radio buttons with a legend, every field has a
 * label, errors are announced (`role="alert"`) and tied to the field they are about.
 */
import { PRODUCT_NAME, TICKET_LIMITS } from '#shared/constants.ts';
import { RATING_SCORES } from '#shared/schemas/ticket.ts';
import type { MailCatalog } from './catalog.ts';
import { customerPage } from './page-frame.ts';
import { wordedText } from './render.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

/** What the page shows. */
export type RatingPage =
  | {
      kind: 'form';
      ticket: { code: string; subject: string };
      /** The choice shown selected: from the e-mail's score link, or what the person sent. */
      score?: number;
      comment?: string;
      error?: 'scoreRequired' | 'commentTooLong' | 'commentInvalid';
    }
  | { kind: 'thanks' }
  | { kind: 'used' | 'expired' | 'invalid' | 'notRatable' | 'unavailable' };

const STYLE = `
p{margin:0 0 16px}
fieldset{border:0;margin:0 0 16px;padding:0}
legend{font-weight:600;margin-bottom:8px}
.choice{display:block;margin:0 0 6px}
.choice input{margin-right:8px}
label.field{display:block;font-weight:600;margin-bottom:4px}
textarea{box-sizing:border-box;width:100%;min-height:6rem;font:inherit;padding:8px;border:1px solid #a0aec0;border-radius:6px}
button{font:inherit;padding:10px 18px;border:0;border-radius:6px;background:#2b6cb0;color:#fff;cursor:pointer}
:focus-visible{outline:3px solid #3182ce;outline-offset:2px}
.error{color:#c53030;font-weight:600}
.muted{color:#4a5568}
`;

const document = (catalog: MailCatalog, body: string): string =>
  customerPage(catalog, catalog.ratingPage.title(PRODUCT_NAME), body, STYLE);

/** The hidden field a page's form carries: its name and value (functions/http/page-form.ts makes both). */
export interface PageFormField {
  name: string;
  value: string;
}

function form(catalog: MailCatalog, page: Extract<RatingPage, { kind: 'form' }>, token?: PageFormField): string {
  const words = catalog.ratingPage;
  const scoreError = page.error === 'scoreRequired';
  const commentError = page.error === 'commentTooLong' || page.error === 'commentInvalid';
  const choices = Array.from({ length: RATING_SCORES.max - RATING_SCORES.min + 1 }, (_, i) => RATING_SCORES.max - i)
    .map(
      (score) =>
        `<label class="choice"><input type="radio" name="score" value="${score}"${page.score === score ? ' checked' : ''}>${score} · ${escapeHtml(catalog.scores[score - 1]!)}</label>`,
    )
    .join('\n');
  return [
    `<h1>${escapeHtml(words.heading)}</h1>`,
    `<p class="muted">${escapeHtml(words.about(page.ticket.code, wordedText(catalog, page.ticket.subject)))}</p>`,
    // The form posts to the page's own address (the token is in the path); no script, no cookie.
    '<form method="post" novalidate>',
    // Proof that a post without `Origin` or `Referer` comes from this page (functions/http/page-form.ts).
    token ? `<input type="hidden" name="${escapeHtml(token.name)}" value="${escapeHtml(token.value)}">` : '',
    `<fieldset${scoreError ? ' aria-describedby="score-error"' : ''}>`,
    `<legend>${escapeHtml(words.legend)}</legend>`,
    scoreError ? `<p id="score-error" class="error" role="alert">${escapeHtml(words.scoreRequired)}</p>` : '',
    choices,
    '</fieldset>',
    `<label class="field" for="comment">${escapeHtml(words.commentLabel)}</label>`,
    commentError
      ? `<p id="comment-error" class="error" role="alert">${escapeHtml(page.error === 'commentInvalid' ? words.commentInvalid : words.commentTooLong(TICKET_LIMITS.ratingCommentMax))}</p>`
      : '',
    `<p><textarea id="comment" name="comment" maxlength="${TICKET_LIMITS.ratingCommentMax}"${commentError ? ' aria-invalid="true" aria-describedby="comment-error"' : ''}>${escapeHtml(page.comment ?? '')}</textarea></p>`,
    `<button type="submit">${escapeHtml(words.submit)}</button>`,
    '</form>',
  ]
    .filter(Boolean)
    .join('\n');
}

/** The whole page for one state of a rating link, in the catalog's language; a form carries `formField`. */
export function ratingPageHtml(
  catalog: MailCatalog,
  page: RatingPage,
  options: { formField?: PageFormField } = {},
): string {
  const words = catalog.ratingPage;
  switch (page.kind) {
    case 'form':
      return document(catalog, form(catalog, page, options.formField));
    case 'thanks':
      return document(catalog, `<h1>${escapeHtml(words.thanksHeading)}</h1>\n<p>${escapeHtml(words.thanks)}</p>`);
    default:
      return document(catalog, `<h1>${escapeHtml(words.problemHeading)}</h1>\n<p>${escapeHtml(words[page.kind])}</p>`);
  }
}
