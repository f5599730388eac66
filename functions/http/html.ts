import { escapeHtml } from '../lib/escape-html.ts';

/**
 * A small page saying a request was refused and why (plain text in, escaped here): what page routes answer in place
 * of the JSON error, and what the embedded gateway answers for a page address it cannot read.
 */
export const refusalPage = (title: string, message: string): string =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body style="font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:10vh auto;padding:0 1rem"><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p></body></html>`;
