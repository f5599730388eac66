import { afterEach, describe, expect, it, vi } from 'vitest';
import { t } from '../i18n/i18n.ts';
import { REDIRECT_AFTER_DENIAL_MS } from '#shared/constants.ts';
import { ApiError } from './api.ts';
import { createQueryClient, createSignedOutHandler } from './query-client.ts';
import { toaster } from './toaster-store.ts';

const unauthorized = () => new ApiError(401, 'Unauthorized', { message: 'Unauthorized' });

afterEach(() => {
  toaster.remove();
});

describe('createQueryClient', () => {
  it('reports a query failing with 401, and no other failure', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });

    await client
      .fetchQuery({ queryKey: ['a'], queryFn: () => Promise.reject(new ApiError(404, 'Not Found', null)) })
      .catch(() => {});
    expect(onUnauthorized).not.toHaveBeenCalled();
    await client.fetchQuery({ queryKey: ['b'], queryFn: () => Promise.reject(unauthorized()) }).catch(() => {});
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('reports a mutation failing with 401 unless the mutation handles it itself', async () => {
    const onUnauthorized = vi.fn();
    const client = createQueryClient({ onUnauthorized });
    const run = (meta?: { handlesUnauthorized?: boolean }) =>
      client
        .getMutationCache()
        .build(client, { mutationFn: () => Promise.reject(unauthorized()), ...(meta ? { meta } : {}) })
        .execute(undefined)
        .catch(() => {});

    await run({ handlesUnauthorized: true });
    expect(onUnauthorized).not.toHaveBeenCalled();
    await run();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('never retries and never treats data as stale (docs/product.md §7)', () => {
    const defaults = createQueryClient({ onUnauthorized: () => {} }).getDefaultOptions();
    expect(defaults.queries).toMatchObject({ staleTime: Infinity, refetchOnWindowFocus: false, retry: false });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });
});

describe('createSignedOutHandler', () => {
  it('toasts once and starts sign-in after the denial delay, however many calls fail', async () => {
    vi.useFakeTimers();
    const session = { signIn: vi.fn(), signOut: vi.fn() };
    const onUnauthorized = createSignedOutHandler(session);

    onUnauthorized();
    onUnauthorized();
    await vi.dynamicImportSettled();
    expect(toaster.getVisibleToasts()).toMatchObject([
      { type: 'error', title: t('session.signedOutTitle'), description: t('session.signedOutBody') },
    ]);
    vi.advanceTimersByTime(REDIRECT_AFTER_DENIAL_MS - 1);
    expect(session.signIn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(session.signIn).toHaveBeenCalledOnce();
  });
});
