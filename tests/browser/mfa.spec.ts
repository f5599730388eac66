import { generate } from 'otplib';
import { apiAs, DEMO_EMAIL, expect, openSignInPage, signIn, test } from './fixtures.ts';

/** An agent of this spec's own, made by the demo admin: their two-factor sign-in changes nothing another spec sees. */
async function freshAgent() {
  const stamp = Date.now();
  const account = { email: `mfa.${stamp}@example.com`, password: `Pw-${stamp}` };
  const admin = await apiAs(DEMO_EMAIL.admin);
  const created = await admin.post('/api/users', {
    data: { ...account, firstName: 'Otto', lastName: `Factor${stamp}`, role: 'agent' },
  });
  expect(created.status()).toBe(201);
  await admin.dispose();
  return account;
}

/** The code an authenticator app with this secret shows `offsetSeconds` from now. */
const codeAt = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

test('two-factor sign-in: enrol in Settings, sign out, sign in with a code from the app', async ({ page }) => {
  const { email, password } = await freshAgent();
  await signIn(page, 'agent', email, password);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();

  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(section.getByText('Two-factor sign-in is off.')).toBeVisible();
  await section.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await section.getByTestId('totp-secret').textContent())!;
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await section.getByLabel(/^Code/).fill(await codeAt(secret));
  await section.getByRole('button', { name: 'Turn on' }).click();
  const codes = section.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await section.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(section.getByText('Two-factor sign-in is on.')).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('link', { name: /Administrator/ })).toBeVisible();

  await openSignInPage(page, '/agent');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // The password alone is no session: the code step stands in for the form.
  const code = page.getByLabel('Authentication code');
  await expect(code).toBeVisible();
  expect(await page.evaluate(async () => (await fetch('/api/auth/user')).status)).toBe(401);
  // The enrolment used the app's current code; its next one signs in.
  await code.fill(await codeAt(secret, 30));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/agent$/);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});
