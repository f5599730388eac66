/**
 * Four-eyes approval end to end (docs/decisions/095-four-eyes-approval.md): with the desk setting on and two active
 * admins, each guarded action answers 202 and waits; nothing happens until a second admin approves; the requester may
 * not approve their own; the action runs once whoever approves after; a request expires after 24 hours; a rejection
 * needs a reason; the audit log names both admins. With the setting off, the actions run at once.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Approval, ApprovalList } from '#shared/schemas/approval.ts';
import type { AuditEntry } from '#shared/schemas/audit.ts';
import { getDeskSettings } from '#functions/data/settings.ts';
import { findUserIdByEmail, getStaffRecord } from '#functions/data/users.ts';
import { staffCaller } from '#functions/domain/caller.ts';
import { approveRequest, listApprovals } from '#functions/use-cases/approvals/manage-approvals.ts';
import type { Gateway } from '#infra/local/gateway.ts';
import { png } from '../files.ts';
import { ApiClient, type ApiResponse, startApi } from './support/api.ts';
import { setFourEyes, uniqueEmail } from './support/fixtures.ts';
import { startTestStorage, type TestStorage, upload } from './support/storage.ts';
import { createTestCategory, createTicketAs, type SignedIn, signedIn, ticketBody } from './tickets-support.ts';

let api: Gateway;
let storage: TestStorage;
let requester: SignedIn;
let approver: SignedIn;
let thirdAdmin: SignedIn;
let agent: SignedIn;

const ownAddress = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

beforeAll(async () => {
  storage = await startTestStorage();
  api = await startApi();
  [requester, approver, thirdAdmin, agent] = await Promise.all([
    signedIn(api.url, 'admin', { firstName: 'Rita', lastName: 'Requester' }),
    signedIn(api.url, 'admin', { firstName: 'Abe', lastName: 'Approver' }),
    signedIn(api.url, 'admin'),
    signedIn(api.url, 'agent'),
  ]);
  await setFourEyes(true);
});
afterAll(async () => {
  await setFourEyes(false);
  await api?.close();
  await storage?.stop();
});

/** A held answer: 202 with the request's id, nothing more. */
function pendingId(res: ApiResponse): string {
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(res.body).toEqual({ approvalId: expect.any(String), status: 'pending' });
  return res.body.approvalId as string;
}

const approve = (client: ApiClient, id: string) => client.post(`/api/approvals/${id}/approve`);

/** Refused to its own requester; approved by the second admin; refused the second time. */
async function approveOnce(id: string): Promise<Approval> {
  const own = await approve(requester.client, id);
  expect(own.status).toBe(403);
  expect(own.body.code).toBe('error.approval.ownRequest');
  const approved = await approve(approver.client, id);
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  expect(approved.body).toMatchObject({ id, status: 'approved', decidedBy: { id: approver.user.id } });
  const again = await approve(thirdAdmin.client, id);
  expect(again.status).toBe(409);
  expect(again.body.code).toBe('error.approval.notPending');
  return approved.body as Approval;
}

async function auditEntries(action: string): Promise<AuditEntry[]> {
  const res = await approver.client.get('/api/audit', { query: { action, limit: 100 } });
  return res.body.entries as AuditEntry[];
}

/** The action's audit entry names the requester as actor and the approver beside them. */
async function expectAuditedByBoth(action: string, targetId: string): Promise<void> {
  const entries = (await auditEntries(action)).filter((entry) => entry.target?.id === targetId);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({ actor: { id: requester.user.id }, approvedBy: { id: approver.user.id } });
}

describe('each guarded action waits for a second admin', () => {
  it('makes someone an admin only when approved, once', async () => {
    const staff = await signedIn(api.url, 'agent');
    const id = pendingId(await requester.client.put(`/api/users/${staff.user.id}/role`, { role: 'admin' }));
    expect((await getStaffRecord(staff.user.id))?.user.role).toBe('agent');

    await approveOnce(id);
    expect((await getStaffRecord(staff.user.id))?.user.role).toBe('admin');
    await expectAuditedByBoth('user_role_changed', staff.user.id);
    // Lowering a role is not guarded.
    expect((await requester.client.put(`/api/users/${staff.user.id}/role`, { role: 'agent' })).status).toBe(200);
  });

  it('creates an admin only when approved, with the password given at the request', async () => {
    const email = uniqueEmail('new-admin');
    const password = `Pw-${randomUUID().slice(0, 12)}`;
    const res = await requester.client.post('/api/users', {
      email,
      firstName: 'Nia',
      lastName: 'New',
      password,
      role: 'admin',
    });
    const id = pendingId(res);
    expect(JSON.stringify(res.body)).not.toContain(password);
    expect(await findUserIdByEmail(email)).toBeUndefined();
    const listed = (await approver.client.get('/api/approvals')).body as ApprovalList;
    expect(JSON.stringify(listed)).not.toContain(password);

    await approveOnce(id);
    const userId = await findUserIdByEmail(email);
    expect((await getStaffRecord(userId!))?.user).toMatchObject({ role: 'admin', isActive: true });
    await new ApiClient(api.url, { sourceAddress: ownAddress() }).signIn(email, password);
    await expectAuditedByBoth('user_created', userId!);
    // Creating an agent is not guarded.
    const plain = await requester.client.post('/api/users', {
      email: uniqueEmail('agent'),
      firstName: 'Al',
      lastName: 'Agent',
      password,
      role: 'agent',
    });
    expect(plain.status).toBe(201);
  });

  it("resets another user's password only when approved", async () => {
    const staff = await signedIn(api.url, 'agent');
    const password = `Pw-${randomUUID().slice(0, 12)}`;
    const id = pendingId(await requester.client.put(`/api/users/${staff.user.id}/password`, { password }));
    // The old password still works, and the session goes on.
    expect((await staff.client.get('/api/auth/user')).status).toBe(200);

    await approveOnce(id);
    await new ApiClient(api.url, { sourceAddress: ownAddress() }).signIn(staff.email, password);
    expect((await staff.client.get('/api/auth/user')).status).toBe(401);
    await expectAuditedByBoth('user_password_reset', staff.user.id);
  });

  it("turns off another user's two-factor sign-in only when approved", async () => {
    const staff = await signedIn(api.url, 'agent');
    const started = await staff.client.post('/api/user/mfa/totp');
    const code = await generate({ secret: started.body.secret as string });
    expect((await staff.client.post('/api/user/mfa/totp/verify', { code })).status).toBe(200);
    expect((await agent.client.request('DELETE', `/api/users/${staff.user.id}/mfa`)).status).toBe(403);

    const id = pendingId(await requester.client.request('DELETE', `/api/users/${staff.user.id}/mfa`));
    expect((await getStaffRecord(staff.user.id))?.mfaEnabled).toBe(true);
    await approveOnce(id);
    expect((await getStaffRecord(staff.user.id))?.mfaEnabled).toBe(false);
    await expectAuditedByBoth('mfa_reset', staff.user.id);
    // Off already: refused at once, nothing held.
    expect((await requester.client.request('DELETE', `/api/users/${staff.user.id}/mfa`)).status).toBe(409);
  });

  it('creates an API key only when approved, and shows its secret to the requester once', async () => {
    const name = `Key ${randomUUID().slice(0, 8)}`;
    const id = pendingId(await requester.client.post('/api/api-keys', { name, scopes: ['tickets:read'] }));
    const names = async () =>
      ((await approver.client.get('/api/api-keys')).body as { name: string }[]).map((k) => k.name);
    expect(await names()).not.toContain(name);

    const approved = await approveOnce(id);
    expect(approved.secretWaiting).toBe(false);
    expect((await names()).filter((n) => n === name)).toHaveLength(1);
    const mine = (await requester.client.get('/api/approvals')).body as ApprovalList;
    expect(mine.recent.find((a) => a.id === id)?.secretWaiting).toBe(true);

    expect((await approver.client.post(`/api/approvals/${id}/secret`)).status).toBe(403);
    const shown = await requester.client.post(`/api/approvals/${id}/secret`);
    expect(shown.status).toBe(200);
    const keyClient = ApiClient.withApiKey(api.url, shown.body.secret as string);
    expect((await keyClient.get('/api/categories')).status).toBe(200);
    const twice = await requester.client.post(`/api/approvals/${id}/secret`);
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('error.approval.secretGone');
    const entries = (await auditEntries('api_key_created')).filter((entry) => entry.target?.name === name);
    expect(entries[0]).toMatchObject({ actor: { id: requester.user.id }, approvedBy: { id: approver.user.id } });
  });

  it('creates a webhook and changes its URL only when approved', async () => {
    const url = `https://hooks.example.com/${randomUUID()}`;
    const invalid = await requester.client.post('/api/webhooks', {
      url: 'http://10.0.0.1/x',
      events: ['ticket.created'],
    });
    expect(invalid.status).toBe(400);
    const id = pendingId(await requester.client.post('/api/webhooks', { url, events: ['ticket.created'] }));
    const hooks = async () => (await approver.client.get('/api/webhooks')).body as { id: string; url: string }[];
    expect((await hooks()).some((hook) => hook.url === url)).toBe(false);
    await approveOnce(id);
    const hook = (await hooks()).find((h) => h.url === url);
    expect(hook).toBeDefined();
    expect((await requester.client.post(`/api/approvals/${id}/secret`)).body.secret).toMatch(/\S{16,}/);

    const next = `https://hooks.example.com/${randomUUID()}`;
    const change = pendingId(await requester.client.patch(`/api/webhooks/${hook!.id}`, { url: next }));
    expect((await hooks()).find((h) => h.id === hook!.id)?.url).toBe(url);
    await approveOnce(change);
    expect((await hooks()).find((h) => h.id === hook!.id)?.url).toBe(next);
    await expectAuditedByBoth('webhook_target_changed', hook!.id);
    await approver.client.delete(`/api/webhooks/${hook!.id}`);
  });

  it('turns four-eyes off only when approved; raising the two-factor requirement is not held', async () => {
    const before = (await requester.client.get('/api/desk-settings')).body;
    expect(before.approvals).toEqual({ fourEyes: true });
    const id = pendingId(
      await requester.client.put('/api/desk-settings', { ...before, approvals: { fourEyes: false } }),
    );
    expect((await getDeskSettings()).approvals.fourEyes).toBe(true);
    await approveOnce(id);
    expect((await getDeskSettings()).approvals.fourEyes).toBe(false);
    const entries = await auditEntries('desk_settings_changed');
    expect(entries[0]).toMatchObject({ actor: { id: requester.user.id }, approvedBy: { id: approver.user.id } });
    await setFourEyes(true);
  });

  it('removes an attachment only when approved', async () => {
    const category = (await createTestCategory()).name;
    const ticket = await createTicketAs(requester.client, ticketBody(category, { assignedToId: agent.user.id }));
    const { attachmentId } = await upload(agent.client, ticket.id, {
      filename: 'card.png',
      contentType: 'image/png',
      bytes: png(),
    });
    await agent.client.post(`/api/tickets/${ticket.id}/comments`, { content: 'Card', attachmentIds: [attachmentId] });
    const path = `/api/tickets/${ticket.id}/attachments/${attachmentId}`;
    const id = pendingId(await requester.client.request('DELETE', path, { reason: 'Whole card number' }));
    const state = async () =>
      (
        (await requester.client.get(`/api/tickets/${ticket.id}/comments`)).body as {
          attachments: { state: string }[];
        }[]
      )[0]!.attachments[0]!.state;
    expect(await state()).not.toBe('removed');
    await approveOnce(id);
    expect(await state()).toBe('removed');
    await expectAuditedByBoth('attachment_removed', `${ticket.id}/${attachmentId}`);
  });
});

describe('deciding', () => {
  it('runs the action exactly once when two admins approve at the same moment', async () => {
    const name = `Raced ${randomUUID().slice(0, 8)}`;
    const id = pendingId(await requester.client.post('/api/api-keys', { name, scopes: ['tickets:read'] }));
    const answers = await Promise.all([approve(approver.client, id), approve(thirdAdmin.client, id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const keys = (await approver.client.get('/api/api-keys')).body as { name: string }[];
    expect(keys.filter((key) => key.name === name)).toHaveLength(1);
  });

  it('rejects with a reason (required, trimmed); a rejected request is never run', async () => {
    const name = `Rejected ${randomUUID().slice(0, 8)}`;
    const id = pendingId(await requester.client.post('/api/api-keys', { name, scopes: ['tickets:read'] }));
    const blank = await approver.client.post(`/api/approvals/${id}/reject`, { reason: '   ' });
    expect(blank.status).toBe(400);
    const tooLong = await approver.client.post(`/api/approvals/${id}/reject`, { reason: 'x'.repeat(501) });
    expect(tooLong.status).toBe(400);
    const rejected = await approver.client.post(`/api/approvals/${id}/reject`, { reason: '  Not planned  ' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      status: 'rejected',
      reason: 'Not planned',
      decidedBy: { id: approver.user.id },
    });
    expect((await approve(thirdAdmin.client, id)).status).toBe(409);
    const keys = (await approver.client.get('/api/api-keys')).body as { name: string }[];
    expect(keys.some((key) => key.name === name)).toBe(false);
    const entries = (await auditEntries('approval_rejected')).filter((entry) => entry.target?.id === id);
    expect(entries[0]).toMatchObject({ actor: { id: approver.user.id }, details: 'Not planned' });
  });

  it('expires a request after 24 hours: listed as expired, refused with 409', async () => {
    const name = `Late ${randomUUID().slice(0, 8)}`;
    const id = pendingId(await requester.client.post('/api/api-keys', { name, scopes: ['tickets:read'] }));
    const listed = (await approver.client.get('/api/approvals')).body as ApprovalList;
    const pending = listed.pending.find((a) => a.id === id)!;
    expect(pending).toMatchObject({ kind: 'createApiKey', status: 'pending', requestedBy: { id: requester.user.id } });
    expect(Date.parse(pending.expiresAt) - Date.parse(pending.createdAt)).toBe(24 * 60 * 60 * 1000);

    const later = new Date(Date.parse(pending.expiresAt) + 1000);
    const seen = await listApprovals(staffCaller(approver.user), later);
    expect(seen.pending.find((a) => a.id === id)?.status).toBe('expired');
    await expect(approveRequest(staffCaller(approver.user), id, later)).rejects.toMatchObject({
      statusCode: 409,
      message: expect.stringContaining('expired'),
    });
    const keys = (await approver.client.get('/api/api-keys')).body as { name: string }[];
    expect(keys.some((key) => key.name === name)).toBe(false);
  });

  it('keeps the list and decisions to admins', async () => {
    expect((await agent.client.get('/api/approvals')).status).toBe(403);
    expect((await agent.client.post(`/api/approvals/${randomUUID()}/approve`)).status).toBe(403);
    expect((await approver.client.post(`/api/approvals/${randomUUID()}/approve`)).status).toBe(404);
  });
});

describe('when four-eyes does not apply', () => {
  it('acts at once with the desk setting off', async () => {
    await setFourEyes(false);
    try {
      const res = await requester.client.post('/api/api-keys', {
        name: `Direct ${randomUUID()}`,
        scopes: ['tickets:read'],
      });
      expect(res.status).toBe(201);
      expect(res.body.secret).toEqual(expect.any(String));
    } finally {
      await setFourEyes(true);
    }
  });
});
