/**
 * Same-origin check for cookie-authenticated requests: the browser's `Origin` must name the host it addressed.
 * Behind CloudFront the API sees its own host, so CloudFront forwards the viewer's as `x-forwarded-host`.
 */
export function isSameOrigin(headers: Record<string, string | undefined>): boolean {
  const host = headers['x-forwarded-host'] ?? headers.host;
  if (!headers.origin || !host) return false;
  try {
    return new URL(headers.origin).host === host;
  } catch {
    return false;
  }
}
