import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { MfaStatus, RecoveryCodes, TotpEnrolment } from '#shared/schemas/mfa.ts';
import type { ChangePasswordInput, DeskSettings, UserSettings } from '#shared/schemas/settings.ts';
import type { SlaPolicy } from '#shared/schemas/sla.ts';
import type { MessageKey } from '#shared/i18n/messages.ts';
import { t } from '../../i18n/i18n.ts';
import { api, isUnauthorized } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { refusalMessage } from '../../lib/server-message.ts';
import { userSettingsKeys, userSettingsQuery } from '../../lib/user-settings.ts';
import type { ApprovalRequested } from '#shared/schemas/approval.ts';
import { approvalKeys, isPendingApproval } from '../approvals/queries.ts';

// One cache entry (lib/user-settings.ts) serves the Settings page, the theme, the alarm preferences and the time zone that
// dates are shown in, so a save updates all of them at once.
export { userSettingsKeys, userSettingsQuery };

/** Replaces the user's settings whole (`PUT /api/user/settings`) and puts the stored result in the cache. */
export function useSaveSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: UserSettings) => api.put<UserSettings>('/api/user/settings', settings),
    onSuccess: (saved) => queryClient.setQueryData(userSettingsKeys.all, saved),
  });
}

/** Changes the signed-in user's own password; the server checks the current one. */
export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.post<{ message: string }>('/api/user/change-password', input),
  });
}

const deskSettingsKey = ['desk-settings'] as const;

/** The desk's own settings (admins only): one set for the whole help desk, shown where each one applies. */
export const deskSettingsQuery = () =>
  queryOptions({
    queryKey: deskSettingsKey,
    queryFn: ({ signal }) => api.get<DeskSettings>('/api/desk-settings', { signal }),
  });

/**
 * Replaces the desk's settings whole (`PUT /api/desk-settings`) and puts the stored result in the cache; a change that
 * lowers security may be held for a second admin instead (docs/decisions/095-four-eyes-approval.md).
 */
export function useSaveDeskSettingsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: DeskSettings) => api.put<DeskSettings | ApprovalRequested>('/api/desk-settings', settings),
    onSuccess: (saved) =>
      isPendingApproval(saved)
        ? queryClient.invalidateQueries({ queryKey: approvalKeys.all })
        : queryClient.setQueryData(deskSettingsKey, saved),
  });
}

/**
 * One group of the desk's settings, edited on the screen where it applies (mail limits, insider risk, link hosts):
 * the group as stored, and a save that replaces only it and says how it went. A refused save keeps the form as typed;
 * a lapsed session is left to the sign-in prompt.
 */
export function useDeskSettingsGroup<K extends keyof DeskSettings>(
  group: K,
  texts: { saved: MessageKey; failed: MessageKey },
) {
  const { data: settings } = useSuspenseQuery(deskSettingsQuery());
  const mutation = useSaveDeskSettingsMutation();
  const save = async (value: DeskSettings[K]) => {
    try {
      await mutation.mutateAsync({ ...settings, [group]: value });
    } catch (error) {
      if (!isUnauthorized(error)) notify('error', t(texts.failed), refusalMessage(error, t));
      return;
    }
    notify('success', t(texts.saved));
  };
  return { value: settings[group], save, saving: mutation.isPending };
}

const mfaStatusKey = ['mfa-status'] as const;

/** Whether the user has two-factor sign-in on, and whether the desk requires it of them (`GET /api/user/mfa`). */
export const mfaStatusQuery = () =>
  queryOptions({
    queryKey: mfaStatusKey,
    queryFn: ({ signal }) => api.get<MfaStatus>('/api/user/mfa', { signal }),
  });

/** Reads the two-factor status again (after it was turned on or off). */
export function useRefreshMfaStatus() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: mfaStatusKey });
}

/** Starts two-factor enrolment: a new secret, pending until a code confirms it. */
export function useStartTotpMutation() {
  return useMutation({ mutationFn: () => api.post<TotpEnrolment>('/api/user/mfa/totp') });
}

/** Confirms the enrolment with a first code; the answer holds the recovery codes, shown once. */
export function useConfirmTotpMutation() {
  return useMutation({
    mutationFn: (code: string) => api.post<RecoveryCodes>('/api/user/mfa/totp/verify', { code }),
  });
}

/** Turns two-factor sign-in off with a current code. */
export function useDisableTotpMutation() {
  const refresh = useRefreshMfaStatus();
  return useMutation({
    mutationFn: (code: string) => api.delete<void>('/api/user/mfa/totp', { code }),
    onSuccess: refresh,
  });
}

const slaPolicyKey = ['sla-policy'] as const;

/** The SLA policy (admins only): targets per priority and the business calendar. */
export const slaPolicyQuery = () =>
  queryOptions({
    queryKey: slaPolicyKey,
    queryFn: ({ signal }) => api.get<SlaPolicy>('/api/sla-policy', { signal }),
  });

/** Replaces the SLA policy whole (`PUT /api/sla-policy`) and puts the stored result in the cache. */
export function useSaveSlaPolicyMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (policy: SlaPolicy) => api.put<SlaPolicy>('/api/sla-policy', policy),
    onSuccess: (saved) => queryClient.setQueryData(slaPolicyKey, saved),
  });
}
