/**
 * Reading the audit log (docs/product.md §2 "Audit"): admins only, newest first, a page at a time, filtered by actor,
 * action and period. Entries are written by the use cases whose actions they record (functions/data/audit.ts
 * `recordAudit`), never through here.
 */
import type { AuditPage, AuditQuery } from '#shared/schemas/audit.ts';
import { listAuditEntries } from '../../data/audit.ts';
import type { Caller } from '../../domain/caller.ts';
import { AUDIT_ACCESS, assertAccess } from '../../domain/permissions.ts';

/** readAuditLog: admins only; one page of the entries matching the filters. */
export async function readAuditLog(caller: Caller, query: AuditQuery): Promise<AuditPage> {
  assertAccess(caller, AUDIT_ACCESS.read);
  const { actor, action, from, to, limit, cursor } = query;
  return listAuditEntries({ actor, action, from, to }, limit, cursor);
}
