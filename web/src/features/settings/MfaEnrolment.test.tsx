import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FakeRoutes, renderApp, staffUser } from '../../test/render-app.tsx';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const ENROLMENT = {
  secret: SECRET,
  otpauthUrl: `otpauth://totp/CryptoDesk%20Support:agent%40example.com?secret=${SECRET}&issuer=CryptoDesk%20Support`,
};
const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `AAAA-BBBB-CCCC-00${String(i).padStart(2, '0')}`);
const KEPT_TO_ENROLMENT = {
  status: 403,
  body: {
    message: 'Your help desk requires two-factor sign-in: set it up to continue',
    code: 'error.mfa.enrolmentRequired',
  },
};

/**
 * The API of an agent the desk requires two-factor sign-in of, who has not set it up yet: their settings are refused
 * until a right first code turns it on.
 */
function requiredAgent(extra: FakeRoutes = {}): FakeRoutes {
  let enrolled = false;
  return {
    'GET /api/auth/user': { status: 200, body: staffUser('agent') },
    'GET /api/user/settings': () => (enrolled ? { status: 404, body: { message: 'Not Found' } } : KEPT_TO_ENROLMENT),
    'GET /api/user/mfa': { status: 200, body: { enabled: false, required: true } },
    'POST /api/user/mfa/totp': { status: 200, body: ENROLMENT },
    'POST /api/user/mfa/totp/verify': (body) => {
      if ((body as { code: string }).code !== '123456') {
        return {
          status: 400,
          body: { message: 'That code is not valid or was already used', code: 'error.mfa.invalidCode' },
        };
      }
      enrolled = true;
      return { status: 200, body: { recoveryCodes: RECOVERY_CODES } };
    },
    ...extra,
  };
}

describe('the two-factor enrolment screen', () => {
  // A whole enrolment typed key by key: more than the default 5 s on a loaded machine.
  it('is where a user the desk keeps to enrolment is sent, and sets up with the QR code, the key and a first code', {
    timeout: 20_000,
  }, async () => {
    const { user, router, requests } = renderApp('/agent/settings', requiredAgent());

    await waitFor(() => expect(router.state.location.pathname).toBe('/two-factor'));
    expect(await screen.findByRole('heading', { name: 'Set up two-factor sign-in' })).toBeTruthy();
    expect(
      screen.getByText('Your help desk requires two-factor sign-in for your role. Set it up to continue.'),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    const qrCode = (await screen.findByRole('img', { name: 'QR code for your authenticator app' })) as HTMLImageElement;
    expect(qrCode.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);
    expect(screen.getByTestId('totp-secret').textContent).toBe(SECRET);

    await user.type(screen.getByLabelText(/^Code/), '000000');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect((await screen.findByRole('alert')).textContent).toContain('That code is not valid or was already used');

    await user.clear(screen.getByLabelText(/^Code/));
    await user.type(screen.getByLabelText(/^Code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY_CODES);
    expect(
      requests.filter((r) => r.path.startsWith('/api/user/mfa/totp')).map((r) => [r.method, r.path, r.body]),
    ).toEqual([
      ['POST', '/api/user/mfa/totp', undefined],
      ['POST', '/api/user/mfa/totp/verify', { code: '000000' }],
      ['POST', '/api/user/mfa/totp/verify', { code: '123456' }],
    ]);

    await user.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    // On to their own area, which no longer sends them back.
    await waitFor(() => expect(router.state.location.pathname).toBe('/agent'));
  });

  it('is in Settings → Security for everyone, with the status and a way to turn it off', async () => {
    let disabledWith: unknown;
    const { user } = renderApp(
      '/agent/settings',
      requiredAgent({
        'GET /api/user/settings': { status: 404, body: { message: 'Not Found' } },
        'GET /api/user/mfa': { status: 200, body: { enabled: true, required: false } },
        'DELETE /api/user/mfa/totp': (body) => {
          disabledWith = body;
          return { status: 204 };
        },
      }),
    );

    const section = await screen.findByRole('region', { name: 'Two-factor sign-in' });
    expect(within(section).getByText('Two-factor sign-in is on.')).toBeTruthy();
    await user.type(within(section).getByLabelText(/^Code/), '654321');
    await user.click(within(section).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(disabledWith).toEqual({ code: '654321' }));
  });
});
