import { describe, expect, it } from 'vitest';
import { DEFAULT_DESK_SETTINGS } from './settings.ts';
import { approvalAlarmMessage, approvalAlarms } from './alarms.ts';
import { approvalStatusAt, assertMayDecide, fourEyesApplies, lowersSecurity } from './approvals.ts';

const settings = (requireMfa: 'none' | 'admins' | 'adminsAndManagers' | 'allStaff', fourEyes: boolean) => ({
  security: { requireMfa },
  approvals: { fourEyes },
});

describe('fourEyesApplies', () => {
  it.each([
    [true, 1, false],
    [true, 2, true],
    [true, 5, true],
    [false, 2, false],
  ])('with the setting %s and %i active admins: %s', (on, admins, applies) => {
    expect(fourEyesApplies({ approvals: { fourEyes: on } }, admins)).toBe(applies);
  });

  it('is on by default, so a desk with a second admin has it without a save', () => {
    expect(fourEyesApplies(DEFAULT_DESK_SETTINGS, 2)).toBe(true);
  });
});

describe('lowersSecurity', () => {
  it.each([
    [settings('allStaff', true), settings('admins', true), true],
    [settings('admins', true), settings('none', true), true],
    [settings('none', true), settings('none', false), true],
    [settings('none', true), settings('allStaff', true), false],
    [settings('admins', false), settings('admins', true), false],
    [settings('admins', true), settings('admins', true), false],
  ])('%j → %j: %s', (before, after, lowers) => {
    expect(lowersSecurity(before, after)).toBe(lowers);
  });
});

describe('approvalStatusAt', () => {
  const deadline = '2026-11-28T12:00:00.000Z';
  it('reads a pending request past its deadline as expired, and a decided one as decided', () => {
    expect(approvalStatusAt({ status: 'pending', deadline }, new Date('2026-11-28T11:59:59.999Z'))).toBe('pending');
    expect(approvalStatusAt({ status: 'pending', deadline }, new Date(deadline))).toBe('expired');
    expect(approvalStatusAt({ status: 'approved', deadline }, new Date('2026-12-01T00:00:00Z'))).toBe('approved');
  });
});

describe('assertMayDecide', () => {
  it('refuses the requester with 403 and lets anyone else decide', () => {
    expect(() => assertMayDecide('a', 'a')).toThrow(expect.objectContaining({ statusCode: 403 }));
    expect(() => assertMayDecide('a', 'b')).not.toThrow();
  });
});

describe('approvalAlarms', () => {
  const request = {
    id: 'a1',
    kind: 'createApiKey',
    status: 'pending',
    requestedBy: { id: 'rita', name: 'Rita R <rita@example.com>' },
    target: { name: 'Trading platform' },
  };

  it('raises approval_requested for every admin but the requester when a request is made, and nothing on its decision', () => {
    expect(approvalAlarms(undefined, request)).toEqual([
      { alarmType: 'approval_requested', audience: { userIds: [], roles: ['admin'], exceptUserIds: ['rita'] } },
    ]);
    expect(approvalAlarms(request, { ...request, status: 'approved' })).toEqual([]);
    expect(approvalMessage(request)).toEqual({
      alarmType: 'approval_requested',
      data: {
        approvalId: 'a1',
        kind: 'createApiKey',
        requestedBy: 'Rita R <rita@example.com>',
        target: 'Trading platform',
      },
      eventId: 'e1',
    });
  });
});

const approvalMessage = (request: Parameters<typeof approvalAlarmMessage>[0]) => approvalAlarmMessage(request, 'e1');
