/**
 * The frame of the pages the desk serves to customers outside the SPA (a rating link's page, a download link's
 * problem page): one document shape and one look, server-rendered, no script (the site's CSP allows none but the SPA
 * shell's own), in the catalog's language. Each page adds the rules of its own elements to the shared style.
 */
import { escapeHtml } from '../../lib/escape-html.ts';
import type { MailCatalog } from './catalog.ts';

const FRAME_STYLE =
  "body{margin:0;padding:24px 16px;background:#f7f7f8;color:#1a202c;font:16px/1.5 -apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif}\n" +
  'main{max-width:34rem;margin:0 auto;background:#fff;border-radius:8px;padding:24px}\n' +
  'h1{font-size:1.4rem;margin:0 0 8px}\n';

/** customerPage: a whole page around `body` (trusted HTML), titled `title` (text, escaped here). */
export function customerPage(catalog: MailCatalog, title: string, body: string, style = ''): string {
  return `<!doctype html>
<html lang="${escapeHtml(catalog.tag)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${FRAME_STYLE}${style}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}
