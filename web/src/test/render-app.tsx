import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { onTestFinished, vi } from 'vitest';
import type { Role } from '#shared/constants.ts';
import { App } from '../App.tsx';
import type { User } from '#shared/schemas/user.ts';
import { createQueryClient, createSignedOutHandler } from '../lib/query-client.ts';
import { toaster } from '../lib/toaster-store.ts';
import type { Session } from '../lib/session.ts';
import { createAppRouter, sendToMfaEnrolment } from '../router.ts';

// The app loads its toaster lazily (App.tsx). A screen test waiting for a toast would otherwise spend part of its wait
// on the toaster's first import, which takes seconds while a busy two-core machine runs the other suites beside it.
await import('../components/ui/Toaster.tsx');

/** One canned answer of the fake API. */
export interface FakeReply {
  status: number;
  body?: unknown;
}

/** Routes of the fake API, keyed `METHOD /path`; a function sees the parsed request body. */
export type FakeRoutes = Record<string, FakeReply | ((body: unknown) => FakeReply)>;

export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
  init: RequestInit | undefined;
}

/** A staff member of the given role, as `GET /api/auth/user` returns it. */
export function staffUser(role: Role, overrides: Partial<User> = {}): User {
  return {
    id: `${role}-1`,
    email: `${role}@example.com`,
    firstName: 'Dana',
    lastName: 'Reyes',
    role,
    isActive: true,
    availability: 'available',
    compliance: false,
    profileImageUrl: null,
    createdAt: '2025-01-06T09:00:00.000Z',
    updatedAt: '2025-01-06T09:00:00.000Z',
    ...overrides,
  };
}

export const signedOut: FakeReply = { status: 401, body: { message: 'Unauthorized' } };

/**
 * A `fetch` that answers from `routes` (404 for anything else) and records every request. The app's real
 * api.ts client runs on top of it, so tests cover the request and error handling too.
 */
export function fakeFetch(routes: FakeRoutes) {
  const requests: FakeRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = new URL(String(input), 'http://app.test').pathname;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, path, body, init });
    const route = routes[`${method} ${path}`];
    const reply =
      typeof route === 'function' ? route(body) : (route ?? { status: 404, body: { message: 'Not Found' } });
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: reply.body === undefined ? {} : { 'Content-Type': 'application/json' },
    });
  });
  return { fetch, requests };
}

/** Renders the whole app at `path` through the real router, with the network replaced by `routes`. */
export function renderApp(path: string, routes: FakeRoutes = {}) {
  const network = fakeFetch(routes);
  vi.stubGlobal('fetch', network.fetch);
  const session = { signIn: vi.fn(), signOut: vi.fn() } satisfies Session;
  const queryClient = createQueryClient({
    onUnauthorized: createSignedOutHandler(session),
    // The desk keeps this user to two-factor enrolment: its screen (called only once the router exists).
    onMfaEnrolmentRequired: () => sendToMfaEnrolment(router),
  });
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter({ queryClient, session }, history);
  const user = userEvent.setup();
  // The toast store is a module singleton: without this, one test's toasts greet the next.
  onTestFinished(() => {
    toaster.remove();
  });
  const view = render(<App router={router} queryClient={queryClient} />);
  return { ...view, router, session, queryClient, requests: network.requests, user };
}
