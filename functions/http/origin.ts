/**
 * Where a write comes from, as the browser tells it (CSRF). Behind CloudFront the API sees its own host, so CloudFront
 * forwards the viewer's as `x-forwarded-host`: that is the site's host.
 */

const siteHost = (headers: Record<string, string | undefined>) => headers['x-forwarded-host'] ?? headers.host;

/** The host part of a URL, or undefined when it is not one. */
function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host;
  } catch {
    return undefined;
  }
}

/** Same-origin check for cookie-authenticated requests: the browser's `Origin` must name the host it addressed. */
export function isSameOrigin(headers: Record<string, string | undefined>): boolean {
  const host = siteHost(headers);
  return !!headers.origin && !!host && hostOf(headers.origin) === host;
}

/**
 * Where the post of a page's form (a page route's, such as the rating link's) comes from: 'same' (the site's own
 * pages), 'cross' (another site) or 'unknown'. An `Origin` naming a site decides; a browser or privacy tool may send
 * none, or the opaque `null` (a no-referrer policy), and then a `Referer` decides. With neither it is 'unknown'.
 * `Sec-Fetch-Site: cross-site` is 'cross' whatever the rest says.
 */
export function pageFormSite(headers: Record<string, string | undefined>): 'same' | 'cross' | 'unknown' {
  const host = siteHost(headers);
  if (!host || headers['sec-fetch-site'] === 'cross-site') return 'cross';
  const claimed = (headers.origin !== 'null' && headers.origin) || headers.referer;
  if (!claimed) return 'unknown';
  return hostOf(claimed) === host ? 'same' : 'cross';
}
