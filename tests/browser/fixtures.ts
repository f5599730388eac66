import { test as base, expect, type Page } from '@playwright/test';
import type { Role } from '#shared/constants.ts';

export const DEMO_EMAIL: Record<Role, string> = {
  admin: 'admin@demo.local',
  manager: 'manager@demo.local',
  agent: 'agent1@demo.local',
};

/** `baseURL` is the runtime the global setup started (its port is only known then). */
export const test = base.extend({
  baseURL: async ({}, use) => {
    await use(process.env.HELPDESK_URL);
  },
});

export { expect };

export const demoPassword = (): string => process.env.DEMO_PASSWORD ?? '';

/** Signs in through the role's login page, as a person would. */
export async function signIn(page: Page, role: Role, email = DEMO_EMAIL[role], password = demoPassword()): Promise<void> {
  await page.goto(`/${role}`);
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /sign in|log in|login/i }).click();
  await expect(page).toHaveURL(new RegExp(`/${role}$`));
  // The login page and the dashboard share the URL: the session is only certain once the app shell is up.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}
