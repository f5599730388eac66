/**
 * The page a download link (`/f/<token>`) answers when it cannot serve its file (docs/decisions/094-attachments.md,
 * "Files in e-mail"): why, in the customer's language. Server-rendered, no script, no form.
 */
import { PRODUCT_NAME } from '#shared/constants.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { MailCatalog } from './catalog.ts';

export type FilePageProblem = 'invalid' | 'expired' | 'removed' | 'infected' | 'pending';

const STYLE =
  "body{margin:0;padding:24px 16px;background:#f7f7f8;color:#1a202c;font:16px/1.5 -apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif}" +
  'main{max-width:34rem;margin:0 auto;background:#fff;border-radius:8px;padding:24px}h1{font-size:1.4rem;margin:0 0 8px}p{margin:0}';

/** filePageHtml: the whole page for one problem. */
export function filePageHtml(catalog: MailCatalog, problem: FilePageProblem): string {
  const words = catalog.files.page;
  return `<!doctype html>
<html lang="${escapeHtml(catalog.tag)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(words.title(PRODUCT_NAME))}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(words.heading)}</h1>
<p>${escapeHtml(words[problem])}</p>
</main>
</body>
</html>
`;
}
