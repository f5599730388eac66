/**
 * Real-time alarms from the table's stream (the notifier, functions/jobs/notifier.ts, hands each batch here). For each
 * committed change of a ticket item, functions/domain/alarms.ts decides who gets which alarm; this sends it to their
 * subscribed sockets, honouring each person's alarm settings.
 * After the batch, every signed-in staff member is told which tickets changed (the ticket item, or anything in its
 * partition: a message, a history entry), so the lists, figures and open tickets on their screens refresh.
 *
 * A socket lives only as long as the session it was opened in (docs/decisions/070-sessions-that-end.md): nothing is
 * sent to one whose session has ended, and a change of a user's directory item that ends sessions closes their
 * sockets at once.
 *
 * Records are handled in stream order. At the first record that cannot be fully delivered the batch stops and
 * reports that record and those after it in `batchItemFailures` (functions/lib/batch.ts), so the retry starts there;
 * what was already sent for it is remembered and not sent again (docs/decisions/020-alarm-delivery.md).
 */
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { type AlertType, isTicketAlert } from '#shared/constants.ts';
import type { AlarmDataAccess, AlarmMessage, TicketsChangedMessage } from '#shared/schemas/alarm.ts';
import type { UserSettings } from '#shared/schemas/settings.ts';
import type { User } from '#shared/schemas/user.ts';
import {
  deleteConnection,
  listConnections,
  listSubscribedConnections,
  type Connection,
} from '../../data/connections.ts';
import { getUserSettings } from '../../data/settings.ts';
import { getStaffRecord, listStaffRecords, type StaffRecord } from '../../data/users.ts';
import {
  type Alarm,
  alarmCandidates,
  alarmMessage,
  alarmsForChange,
  type ApprovalImage,
  approvalAlarmMessage,
  approvalAlarms,
  chooseAlarm,
  dataAccessAlarmMessage,
  dataAccessAlarms,
  type TicketImage,
  type WebhookImage,
  webhookAlarmMessage,
  webhookAlarms,
} from '../../domain/alarms.ts';
import { endsSessions, isLiveConnection, type SessionHolder } from '../../domain/sessions.ts';
import { inStreamOrder } from '../../lib/batch.ts';
import { settleWithConcurrency } from '../../lib/concurrency.ts';
import { logger } from '../../lib/logger.ts';
import { recordMetrics } from '../../lib/metrics.ts';
import { closeConnections, postFrames, type Frame, type SendOutcome } from '../../outbound/ws-send.ts';
import { streamChange } from '../../outbound/stream-change.ts';

/** Sends in flight at once: enough for a few hundred sockets in well under a second, gentle on the API's limits. */
const SEND_CONCURRENCY = 10;
/** Table reads (a person's connections, their settings) in flight at once. */
const READ_CONCURRENCY = 10;
/** Stream records whose deliveries are remembered; far more than a batch and its retries ever span. */
const DELIVERY_LOG_CAPACITY = 10_000;

// ---------------------------------------------------------------------------------------------------------------
// What was already delivered

/**
 * Per stream record (by its event id, stable across retries): the connections already sent its alarm, or `done`.
 * It lives as long as the execution environment, so a retry in the same environment sends each alarm once; a
 * retry in a fresh one may repeat a send, and the client drops the repeat by its event id.
 */
class DeliveryLog {
  private readonly records = new Map<string, Set<string> | 'done'>();

  constructor(private readonly capacity: number) {}

  isDone(eventId: string): boolean {
    return this.records.get(eventId) === 'done';
  }

  sentTo(eventId: string): ReadonlySet<string> {
    const entry = this.records.get(eventId);
    return entry instanceof Set ? entry : new Set();
  }

  markSent(eventId: string, connectionId: string): void {
    const entry = this.records.get(eventId);
    if (entry === 'done') return;
    if (entry) entry.add(connectionId);
    else this.remember(eventId, new Set([connectionId]));
  }

  markDone(eventId: string): void {
    this.remember(eventId, 'done');
  }

  private remember(eventId: string, entry: Set<string> | 'done') {
    this.records.delete(eventId);
    this.records.set(eventId, entry);
    // Maps iterate in insertion order, so the first key is the record touched longest ago.
    while (this.records.size > this.capacity) this.records.delete(this.records.keys().next().value!);
  }
}

const deliveryLog = new DeliveryLog(DELIVERY_LOG_CAPACITY);

// ---------------------------------------------------------------------------------------------------------------
// Reading the stream

/** A committed change that may raise alarms: a ticket's, or a webhook's (disabled: the admins hear of it). */
interface AlarmChange {
  /** The stream record's id: the same on every delivery of the record. */
  eventId: string;
  /** The ticket changed, for the change notice; absent for a webhook. */
  ticketId?: number;
  alarms: Alarm[];
  /** The frame of one of `alarms`' types. */
  frame(alarmType: AlertType): AlarmMessage;
}

/** The change of a ticket item or a webhook item this record carries; undefined for every other item of the table. */
function alarmChange(record: DynamoDBRecord): AlarmChange | undefined {
  const change = streamChange(record, new Date());
  if (!change) return undefined;
  const { eventId, item, before, after } = change;
  const id = (after ?? before)?.id;
  if (item.kind === 'webhook' && typeof id === 'string') {
    const webhook = after as WebhookImage | undefined;
    return {
      eventId,
      alarms: webhookAlarms(before as WebhookImage | undefined, webhook),
      frame: () => webhookAlarmMessage(webhook!, eventId),
    };
  }
  // An insider-risk alert's audit entry (docs/decisions/097-insider-risk-alerts.md): every admin hears of it.
  if (item.kind === 'audit') {
    const alarms = dataAccessAlarms(before, after);
    if (!alarms.length) return undefined;
    return { eventId, alarms, frame: () => dataAccessAlarmMessage(after!.facts as AlarmDataAccess, eventId) };
  }
  if (item.kind === 'approval' && typeof id === 'string') {
    const approval = after as ApprovalImage | undefined;
    return {
      eventId,
      alarms: approvalAlarms(before as ApprovalImage | undefined, approval),
      frame: () => approvalAlarmMessage(approval!, eventId),
    };
  }
  // Comments, history and ratings share the ticket's partition; only the ticket item itself is a ticket.
  if (item.kind !== 'ticket' || typeof id !== 'number') return undefined;
  const ticket = after as TicketImage | undefined;
  return {
    eventId,
    ticketId: id,
    alarms: alarmsForChange(before as TicketImage | undefined, ticket),
    frame: (alarmType) => {
      if (!isTicketAlert(alarmType)) throw new Error(`A ticket change raised the alarm ${alarmType}`);
      return alarmMessage(ticket!, alarmType, eventId);
    },
  };
}

/** What of a directory item's image decides whether the user's sessions go on. */
const sessionHolder = (image: Record<string, unknown> | undefined): SessionHolder | undefined =>
  image && { isActive: image.isActive === true, sessions: (image.sessions as SessionHolder['sessions']) ?? {} };

/** The user whose directory item this record changed, when the change ended any of their sessions. */
function sessionsEndedFor(record: DynamoDBRecord): string | undefined {
  const change = streamChange(record, new Date());
  if (change?.item.kind !== 'user') return undefined;
  const { before, after } = change;
  const id = (after ?? before)?.id;
  if (typeof id !== 'string') return undefined;
  return endsSessions(sessionHolder(before), sessionHolder(after)) ? id : undefined;
}

// ---------------------------------------------------------------------------------------------------------------
// Who is listening, read once per batch

/** Caches a load by key; a failed load is forgotten so that a later call tries again. */
function memo<T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> {
  let value = cache.get(key);
  if (!value) {
    value = load();
    cache.set(key, value);
    value.catch(() => cache.delete(key));
  }
  return value;
}

const holderOf = (record: StaffRecord | undefined): SessionHolder | undefined =>
  record && { isActive: record.user.isActive, sessions: record.sessions };

/**
 * The staff with their sessions, their subscribed connections and their settings, each read at most once per batch.
 * A connection hears only while its session is live (docs/decisions/070-sessions-that-end.md).
 */
class Audience {
  private staff?: Promise<Map<string, StaffRecord>>;
  private readonly current = new Map<string, Promise<StaffRecord | undefined>>();
  private readonly connections = new Map<string, Promise<Connection[]>>();
  private readonly settings = new Map<string, Promise<UserSettings>>();
  private readonly gone = new Set<string>();
  /** Connections refused for an ended session, closed after the batch. */
  private readonly ended = new Set<string>();

  private staffRecords(): Promise<Map<string, StaffRecord>> {
    if (!this.staff) {
      const loading = listStaffRecords().then((all) => new Map(all.map((record) => [record.user.id, record])));
      loading.catch(() => (this.staff = undefined));
      this.staff = loading;
    }
    return this.staff;
  }

  async activeRecords(): Promise<StaffRecord[]> {
    return [...(await this.staffRecords()).values()].filter((record) => record.user.isActive);
  }

  async activeStaff(): Promise<User[]> {
    return (await this.activeRecords()).map((record) => record.user);
  }

  /** A user's directory entry as it is now (a consistent read), at most once per batch. */
  currentRecord(userId: string): Promise<StaffRecord | undefined> {
    return memo(this.current, userId, () => getStaffRecord(userId));
  }

  /**
   * A user's subscribed connections that may hear: of a live session, and not gone. The staff list is read from an
   * index that may not show a session opened a moment ago yet, so a connection it does not show live is judged
   * again on a consistent read of the user before it is refused.
   */
  async connectionsOf(userId: string, now = new Date()): Promise<Connection[]> {
    const subscribed = await memo(this.connections, userId, () => listSubscribedConnections(userId));
    const listed = holderOf((await this.staffRecords()).get(userId));
    const hearing: Connection[] = [];
    for (const connection of subscribed) {
      if (this.gone.has(connection.connectionId)) continue;
      const live =
        isLiveConnection(listed, connection.sessionId, now) ||
        isLiveConnection(holderOf(await this.currentRecord(userId)), connection.sessionId, now);
      if (live) hearing.push(connection);
      else this.ended.add(connection.connectionId);
    }
    return hearing;
  }

  settingsOf(userId: string): Promise<UserSettings> {
    return memo(this.settings, userId, () => getUserSettings(userId));
  }

  /** Deletes connections the gateway answered 410 for; a connection once gone is never sent to again. */
  async forgetGone(outcomes: SendOutcome[]): Promise<PromiseSettledResult<unknown>[]> {
    const gone = outcomes.filter((o) => o.status === 'gone').map((o) => o.connectionId);
    for (const connectionId of gone) this.gone.add(connectionId);
    return settleWithConcurrency(gone, READ_CONCURRENCY, (connectionId) => deleteConnection(connectionId));
  }

  /**
   * Closes these sockets and forgets their connections; none is sent anything again. Throws when any could not be
   * closed or forgotten (after closing all that could); closing again is harmless.
   */
  async close(connectionIds: readonly string[]): Promise<void> {
    for (const connectionId of connectionIds) this.gone.add(connectionId);
    const outcomes = await closeConnections(connectionIds, SEND_CONCURRENCY);
    const closed = outcomes.filter((o) => o.status !== 'failed').map((o) => o.connectionId);
    const deletions = await settleWithConcurrency(closed, READ_CONCURRENCY, (id) => deleteConnection(id));
    const errors = [...outcomes.flatMap((o) => (o.status === 'failed' ? [o.error] : [])), ...failures(deletions)];
    if (errors.length) throw new DeliveryError(errors, `${errors.length} sockets of ended sessions were not closed`);
  }

  /** Closes the sockets delivery refused for an ended session; a later delivery refuses them again if this fails. */
  async closeEnded(): Promise<void> {
    const ended = [...this.ended].filter((connectionId) => !this.gone.has(connectionId));
    if (!ended.length) return;
    try {
      await this.close(ended);
    } catch (error) {
      logger.warn('Some sockets of ended sessions were not closed', { error: error as Error });
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Delivery

class DeliveryError extends AggregateError {
  override name = 'DeliveryError';
}

const failures = (settled: PromiseSettledResult<unknown>[]) =>
  settled.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));

/** Sends the alarms of one change; throws when any could not be sent (after sending all that could). */
async function deliverAlarms(change: AlarmChange, audience: Audience): Promise<void> {
  const { eventId, alarms } = change;
  if (!alarms.length || deliveryLog.isDone(eventId)) return;

  const candidates = alarmCandidates(alarms, await audience.activeRecords());
  const alreadySent = deliveryLog.sentTo(eventId);
  const frames: Frame[] = [];
  // Connections first: most staff are usually offline, and their settings need not be read at all.
  const reads = await settleWithConcurrency([...candidates], READ_CONCURRENCY, async ([userId, types]) => {
    const pending = (await audience.connectionsOf(userId)).filter((c) => !alreadySent.has(c.connectionId));
    if (!pending.length) return;
    const alarmType = chooseAlarm(types, await audience.settingsOf(userId));
    if (!alarmType) return;
    const body = JSON.stringify(change.frame(alarmType));
    frames.push(...pending.map(({ connectionId }) => ({ connectionId, body })));
  });

  const outcomes = await postFrames(frames, SEND_CONCURRENCY);
  for (const outcome of outcomes) if (outcome.status === 'sent') deliveryLog.markSent(eventId, outcome.connectionId);
  const deletions = await audience.forgetGone(outcomes);

  const errors = [
    ...failures(reads),
    ...outcomes.flatMap((o) => (o.status === 'failed' ? [o.error] : [])),
    ...failures(deletions),
  ];
  logger.debug('Alarms delivered', {
    eventId,
    ticketId: change.ticketId,
    sent: outcomes.filter((o) => o.status === 'sent').length,
    gone: outcomes.filter((o) => o.status === 'gone').length,
    failed: errors.length,
  });
  const sent = outcomes.filter((o) => o.status === 'sent').length;
  if (sent) recordMetrics({ AlarmsDelivered: sent });
  if (errors.length) throw new DeliveryError(errors, `${errors.length} alarm deliveries failed for ${eventId}`);
  deliveryLog.markDone(eventId);
}

/**
 * Tells every signed-in staff member which tickets changed. A hint only (the next one, or any action, refreshes
 * the screen too), so a failure is logged and not retried.
 */
async function announceTicketChanges(ticketIds: number[], audience: Audience): Promise<void> {
  if (!ticketIds.length) return;
  try {
    const message: TicketsChangedMessage = { type: 'tickets_changed', data: { ids: [...new Set(ticketIds)] } };
    const body = JSON.stringify(message);
    const staff = await audience.activeStaff();
    const lists = await settleWithConcurrency(staff, READ_CONCURRENCY, (user) => audience.connectionsOf(user.id));
    const frames = lists.flatMap((list) =>
      list.status === 'fulfilled' ? list.value.map(({ connectionId }) => ({ connectionId, body })) : [],
    );
    const outcomes = await postFrames(frames, SEND_CONCURRENCY);
    await audience.forgetGone(outcomes);
    const failed = outcomes.filter((o) => o.status === 'failed').length + failures(lists).length;
    if (failed) logger.warn('Some ticket-change hints were not delivered', { failed, ticketIds });
  } catch (error) {
    logger.warn('Ticket-change hints were not delivered', { error: error as Error, ticketIds });
  }
}

/**
 * Closes every socket of the user whose session is no longer live, and forgets its connection. Judged on the
 * directory item as it is now, not on the record's image: a retry of an old record must not close a socket of a
 * session opened since. Idempotent: what was closed is no longer listed.
 */
async function closeEndedSockets(userId: string, audience: Audience, now = new Date()): Promise<void> {
  const [record, connections] = await Promise.all([audience.currentRecord(userId), listConnections(userId)]);
  const ended = connections
    .filter((connection) => !isLiveConnection(holderOf(record), connection.sessionId, now))
    .map((connection) => connection.connectionId);
  await audience.close(ended);
  logger.info('Sockets of ended sessions closed', { userId, closed: ended.length });
}

/**
 * Handles one batch of stream records in order; reports the first record that could not be fully handled (alarms
 * not all delivered, sockets of ended sessions not all closed) and every record after it (functions/lib/batch.ts).
 */
export async function notify(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  const audience = new Audience();
  const changed: number[] = [];
  const response = await inStreamOrder(event, async (record) => {
    const change = alarmChange(record);
    const sessionsEnded = change ? undefined : sessionsEndedFor(record);
    if (!change && !sessionsEnded) {
      // A new message or history entry (an e-mail arrived, one was sent) raises no alarm, but the open ticket's
      // thread and history on screen are out of date.
      const item = streamChange(record, new Date())?.item;
      if (item && 'ticketId' in item) changed.push(item.ticketId);
      return;
    }
    try {
      if (change) await deliverAlarms(change, audience);
      else await closeEndedSockets(sessionsEnded!, audience);
    } catch (error) {
      logger.error('A stream record was not fully handled; the stream will retry from it', {
        error: error as Error,
        eventId: record.eventID,
        sequenceNumber: record.dynamodb?.SequenceNumber,
      });
      throw error;
    }
    if (change?.ticketId !== undefined) changed.push(change.ticketId);
  });
  await announceTicketChanges(changed, audience);
  await audience.closeEnded();
  return response;
}
