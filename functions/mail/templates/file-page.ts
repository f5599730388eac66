/**
 * The page a download link (`/f/<token>`) answers when it cannot serve its file (docs/decisions/094-attachments.md,
 * "Files in e-mail"): why, in the customer's language. Server-rendered, no script, no form.
 */
import { PRODUCT_NAME } from '#shared/constants.ts';
import { escapeHtml } from '../../lib/escape-html.ts';
import type { MailCatalog } from './catalog.ts';
import { customerPage } from './page-frame.ts';

export type FilePageProblem = 'invalid' | 'expired' | 'removed' | 'infected' | 'pending';

/** filePageHtml: the whole page for one problem. */
export function filePageHtml(catalog: MailCatalog, problem: FilePageProblem): string {
  const words = catalog.files.page;
  return customerPage(
    catalog,
    words.title(PRODUCT_NAME),
    `<h1>${escapeHtml(words.heading)}</h1>\n<p>${escapeHtml(words[problem])}</p>`,
    'p{margin:0}',
  );
}
