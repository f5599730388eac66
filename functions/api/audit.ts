/**
 * The audit log (docs/product.md §2 "Audit", §7): admins read it, a page at a time (functions/use-cases/audit/).
 */
import { auditQuerySchema } from '#shared/schemas/audit.ts';
import { AUDIT_ACCESS } from '../domain/permissions.ts';
import { defineRoute } from '../http/handler.ts';
import { groupHandler } from './group-handler.ts';
import { readAuditLog } from '../use-cases/audit/read-audit.ts';

export const handler = groupHandler('audit', {
  'GET /api/audit': defineRoute({
    access: AUDIT_ACCESS.read,
    query: auditQuerySchema,
    async handle({ query, caller }) {
      return { body: await readAuditLog(caller, query) };
    },
  }),
});
