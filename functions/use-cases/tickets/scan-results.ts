/**
 * What the malware scan of the attachments bucket says about a file (docs/decisions/094-attachments.md). In AWS,
 * GuardDuty Malware Protection for S3 scans every file stored under `tickets/` and publishes each verdict to
 * EventBridge; functions/jobs/scan-results.ts hands it here. A clean file becomes servable; an infected one is never
 * served, the ticket's history records it and every admin hears the `attachment_infected` alarm (the ticket write
 * below is what the notifier reads). Where nothing scans (the embedded runtime) files are `not_scanned` from the start
 * and no verdict ever comes.
 */
import type { Actor } from '#shared/schemas/ticket.ts';
import {
  getAttachment,
  recordScanVerdict,
  ScanAlreadyRecordedError,
  scanVerdict,
} from '../../data/tickets/attachments.ts';
import { requireTicket } from '../../data/tickets/item.ts';
import { writeTicketChange } from '../../data/tickets/writes.ts';
import { storedKeyOf } from '../../lib/attachment-store.ts';
import { logger } from '../../lib/logger.ts';
import { retryWhileStale } from './common.ts';

/** Who the history names for a verdict. */
export const MALWARE_SCAN_ACTOR: Actor = { type: 'system', id: 'malware-scan', name: 'Malware scan' };

/**
 * A scan's outcome, as GuardDuty names it: `NO_THREATS_FOUND`, `THREATS_FOUND`, or why it could not judge
 * (`UNSUPPORTED`: a kind it does not scan, an encrypted archive, over its size limit; `ACCESS_DENIED`, `FAILED`).
 */
export type ScanOutcome = 'NO_THREATS_FOUND' | 'THREATS_FOUND' | 'UNSUPPORTED' | 'ACCESS_DENIED' | 'FAILED';

export type ScanResultHandled = 'clean' | 'infected' | 'not_scanned' | 'ignored' | 'left_pending';

/**
 * recordScanResult: the verdict on the object `key` of the attachments bucket.
 * - `NO_THREATS_FOUND` → `clean`: served from now on;
 * - `THREATS_FOUND` → `infected`, in one ticket transaction with a history entry `malwareFound` naming the file,
 *   which raises the admins' alarm; never served;
 * - `UNSUPPORTED` → `not_scanned`: served with that label beside it, as where nothing scans;
 * - `ACCESS_DENIED` or `FAILED` → left `pending` (never served) and logged as an error: the scan's role or the
 *   service needs an operator (docs/operations.md);
 * - a key that is no stored file, a file unknown or no longer pending → nothing (a verdict heard twice changes nothing).
 */
export async function recordScanResult(
  key: string,
  outcome: ScanOutcome,
  now = new Date(),
): Promise<ScanResultHandled> {
  const named = storedKeyOf(key);
  if (!named) return 'ignored';
  const record = await getAttachment(named.ticketId, named.attachmentId);
  if (record?.scanStatus !== 'pending') return 'ignored';
  switch (outcome) {
    case 'NO_THREATS_FOUND':
      return (await recordScanVerdict(record, 'clean')) ? 'clean' : 'ignored';
    case 'UNSUPPORTED':
      return (await recordScanVerdict(record, 'not_scanned')) ? 'not_scanned' : 'ignored';
    case 'THREATS_FOUND':
      try {
        await retryWhileStale(async () => {
          const current = await requireTicket(record.ticketId);
          await writeTicketChange(
            current,
            // The ticket item is written again (same fields, next version) so that the change reaches the notifier.
            { ticket: { ...current }, changes: [{ field: 'attachment', from: record.filename, to: null }] },
            { actor: MALWARE_SCAN_ACTOR, action: 'malwareFound', extra: [scanVerdict(record, 'infected')], now },
          );
        });
      } catch (error) {
        if (error instanceof ScanAlreadyRecordedError) return 'ignored';
        throw error;
      }
      logger.warn('Malware found in an attachment', { ticketId: record.ticketId, attachmentId: record.id });
      return 'infected';
    default:
      logger.error('The malware scan could not judge an attachment', {
        ticketId: record.ticketId,
        attachmentId: record.id,
        outcome,
      });
      return 'left_pending';
  }
}
