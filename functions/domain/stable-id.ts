import { createHash } from 'node:crypto';

/**
 * A stable id made of parts, in the UUID layout of every other id: work that runs again (a retried merge, an incident's
 * job delivered twice) writes the same items again, not new ones.
 */
export function stableId(...parts: (string | number)[]): string {
  const hex = createHash('sha256').update(parts.join('\u0000')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
