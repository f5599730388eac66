import { infiniteQueryOptions, type QueryClient } from '@tanstack/react-query';
import type { AuditEntry, AuditPage } from '#shared/schemas/audit.ts';
import { api } from '../../lib/api.ts';
import type { AuditSearch } from './audit-search.ts';

/** Entries per page on screen; the CSV export reads the largest pages the API gives. */
export const AUDIT_PAGE_SIZE = 50;
const EXPORT_PAGE_SIZE = 100;
/** The export stops here, so that a mistaken click on an unfiltered log of years does not hang the tab. */
export const EXPORT_MAX_ENTRIES = 50_000;

export const auditKeys = {
  all: ['audit'] as const,
  list: (filters: AuditSearch) => [...auditKeys.all, 'list', filters] as const,
};

/** `?actor=…&action=…&from=…&to=…&limit=…&cursor=…` with only what is set. */
export function auditSearchParams(filters: AuditSearch, limit: number, cursor: string | null): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

/** The audit log, newest first, one page per `nextCursor` ("Load more"). */
export const auditLogQuery = (filters: AuditSearch) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      api.get<AuditPage>(`/api/audit?${auditSearchParams(filters, AUDIT_PAGE_SIZE, pageParam)}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** The Audit route's loader: the first page of the filtered log. */
export async function loadAuditLog(queryClient: QueryClient, filters: AuditSearch): Promise<void> {
  await queryClient.ensureInfiniteQueryData(auditLogQuery(filters));
}

/** Every entry the filters select, all pages, for the CSV export (at most EXPORT_MAX_ENTRIES). */
export async function fetchAllAuditEntries(
  filters: AuditSearch,
  signal?: AbortSignal,
): Promise<{ entries: AuditEntry[]; complete: boolean }> {
  const entries: AuditEntry[] = [];
  let cursor: string | null = null;
  do {
    const page: AuditPage = await api.get<AuditPage>(
      `/api/audit?${auditSearchParams(filters, EXPORT_PAGE_SIZE, cursor)}`,
      signal ? { signal } : undefined,
    );
    entries.push(...page.entries);
    cursor = page.nextCursor;
  } while (cursor && entries.length < EXPORT_MAX_ENTRIES);
  return { entries, complete: cursor === null };
}
