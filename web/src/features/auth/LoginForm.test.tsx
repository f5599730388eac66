import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '../../i18n/i18n.ts';
import { type FakeRoutes, renderApp, signedOut, staffUser } from '../../test/render-app.tsx';
import type { User } from '#shared/schemas/user.ts';

/** The API before and after a successful sign-in: `/api/auth/user` answers 401 until the login call lands. */
function signInAs(user: User): FakeRoutes {
  let signedIn = false;
  return {
    'GET /api/auth/user': () => (signedIn ? { status: 200, body: user } : signedOut),
    'POST /api/auth/agent-login': () => {
      signedIn = true;
      return { status: 200, body: user };
    },
  };
}

async function fillIn(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  if (email) await user.type(await screen.findByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
}

describe('login form', () => {
  it.each([
    ['/admin', 'Administrator Login', 'admin@company.com'],
    ['/manager', 'Manager Login', 'manager@company.com'],
    ['/agent', 'Agent Login', 'agent@company.com'],
    ['/agent-login', 'Agent Login', 'agent@company.com'],
    ['/staff', 'Staff Login', 'you@company.com'],
  ])('at %s is titled %s with the placeholder %s', async (path, title, placeholder) => {
    renderApp(path, { 'GET /api/auth/user': signedOut });

    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('placeholder')).toBe(placeholder);
    expect(screen.getByRole('link', { name: 'Choose your role' }).getAttribute('href')).toBe('/login-selection');
  });

  it('shows the product validation messages and sends nothing when the fields are empty', async () => {
    const { user, requests } = renderApp('/staff', { 'GET /api/auth/user': signedOut });

    await user.click(await screen.findByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText(t('validation.email'))).toBeTruthy();
    expect(screen.getByText(t('validation.password.required'))).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(requests.some((request) => request.path === '/api/auth/agent-login')).toBe(false);
  });

  it('rejects a malformed e-mail address', async () => {
    const { user } = renderApp('/staff', { 'GET /api/auth/user': signedOut });

    await fillIn(user, 'not-an-email', 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText(t('validation.email'))).toBeTruthy();
    expect(screen.queryByText(t('validation.password.required'))).toBeNull();
  });

  it("shows the server's message when the credentials are refused, without signing the visitor out", async () => {
    const { user, session } = renderApp('/agent', {
      'GET /api/auth/user': signedOut,
      'POST /api/auth/agent-login': { status: 401, body: { message: 'Account is locked.' } },
    });

    await fillIn(user, 'agent@example.com', 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Account is locked.');
    expect(screen.queryByText(t('session.signedOutTitle'))).toBeNull();
    expect(session.signIn).not.toHaveBeenCalled();
  });

  it('falls back to the product text when the refusal carries no message', async () => {
    const { user } = renderApp('/agent', {
      'GET /api/auth/user': signedOut,
      'POST /api/auth/agent-login': { status: 401 },
    });

    await fillIn(user, 'agent@example.com', 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect((await screen.findByRole('alert')).textContent).toBe(t('error.auth.invalidCredentials'));
  });

  it("puts the server's field errors under their fields", async () => {
    const { user } = renderApp('/agent', {
      'GET /api/auth/user': signedOut,
      'POST /api/auth/agent-login': {
        status: 400,
        body: { message: 'Invalid request', errors: { email: 'This address is not a staff account' } },
      },
    });

    await fillIn(user, 'agent@example.com', 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('This address is not a staff account')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('signs in on Enter, posts the credentials, and lands on the dashboard of the login route', async () => {
    const { user, router, requests } = renderApp('/manager', signInAs(staffUser('manager')));

    await fillIn(user, 'manager@example.com', 'secret{Enter}');

    expect(await screen.findByText(t('signIn.success'))).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/manager');
    const login = requests.find((request) => request.path === '/api/auth/agent-login');
    expect(login?.body).toEqual({ email: 'manager@example.com', password: 'secret' });
    expect(login?.init?.credentials).toBe('include');
  });

  it('disables the submit button while signing in', async () => {
    const { user } = renderApp('/manager', signInAs(staffUser('manager')));

    await fillIn(user, 'manager@example.com', 'secret');
    const submit = screen.getByRole('button', { name: 'Sign In' });
    await user.click(submit);

    await waitFor(() => expect((submit as HTMLButtonElement).disabled).toBe(true));
  });

  it.each([
    ['/staff', 'agent', '/agent'],
    ['/staff', 'admin', '/admin'],
    ['/admin', 'agent', '/agent'],
  ] as const)('from %s takes a signed-in %s to %s', async (path, role, destination) => {
    const { user, router } = renderApp(path, signInAs(staffUser(role)));

    await fillIn(user, `${role}@example.com`, 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe(destination));
  });

  it('asks for a code when the account signs in with a second factor, and signs in with it', async () => {
    let signedIn = false;
    const { user, router, requests } = renderApp('/manager', {
      'GET /api/auth/user': () => (signedIn ? { status: 200, body: staffUser('manager') } : signedOut),
      'POST /api/auth/agent-login': { status: 200, body: { mfaRequired: true } },
      'POST /api/auth/mfa': (body) => {
        if ((body as { code: string }).code !== '123456') {
          return {
            status: 401,
            body: { message: 'That code is not valid or was already used', code: 'error.mfa.invalidCode' },
          };
        }
        signedIn = true;
        return { status: 200, body: staffUser('manager') };
      },
    });

    await fillIn(user, 'manager@example.com', 'secret{Enter}');
    const code = await screen.findByLabelText('Authentication code');
    expect(screen.queryByLabelText('Password')).toBeNull();
    await user.type(code, '111111{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('That code is not valid or was already used');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/manager');
    expect(requests.filter((r) => r.path === '/api/auth/mfa').map((r) => r.body)).toEqual([
      { code: '111111' },
      { code: '123456' },
    ]);
  });
});
