import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Page,
  request as playwrightRequest,
} from '@playwright/test';
import type { Role } from '#shared/constants.ts';
import type { Ticket } from '#shared/schemas/ticket.ts';
import type { Agent } from '#shared/schemas/user.ts';

export const DEMO_EMAIL: Record<Role, string> = {
  admin: 'admin@demo.local',
  manager: 'manager@demo.local',
  agent: 'agent1@demo.local',
};

/** `baseURL` is the runtime the global setup started (its port is only known then). */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(process.env.HELPDESK_URL);
  },
});

export { expect };

export const demoPassword = (): string => process.env.DEMO_PASSWORD ?? '';

/**
 * Opens a login page. It can be used at once: the app adopts the pre-rendered form with what was typed and a press of
 * Sign In (ADR 042), so there is no moment to wait for.
 */
export async function openSignInPage(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
}

/** Signs in through the role's login page, as a person would. */
export async function signIn(
  page: Page,
  role: Role,
  email = DEMO_EMAIL[role],
  password = demoPassword(),
): Promise<void> {
  await openSignInPage(page, `/${role}`);
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: /sign in|log in|login/i }).click();
  await expect(page).toHaveURL(new RegExp(`/${role}$`));
  // The login page and the dashboard share the URL: the session is only certain once the app shell is up.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

/** An API session of a demo staff member, for setting up data the screen under test then shows. */
export async function apiAs(email: string): Promise<APIRequestContext> {
  const baseURL = process.env.HELPDESK_URL!;
  // Cookie-authenticated writes must come from the app's own origin (docs/product.md §6 CSRF rule).
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: new URL(baseURL).origin } });
  const login = await api.post('/api/auth/agent-login', { data: { email, password: demoPassword() } });
  expect(login.ok()).toBe(true);
  return api;
}

export async function staffId(api: APIRequestContext, email: string): Promise<string> {
  const staff = (await (await api.get('/api/agents')).json()) as Agent[];
  const member = staff.find((s) => s.email === email);
  if (!member) throw new Error(`${email} is not among the staff`);
  return member.id;
}

export async function createTicket(api: APIRequestContext, fields: Record<string, unknown>): Promise<Ticket> {
  const response = await api.post('/api/tickets', {
    data: { description: 'Created by the browser tests of the tickets screens.', category: 'kyc', ...fields },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as Ticket;
}

/** The serious and critical accessibility violations axe finds on the page (or inside `selector`), one line each. */
export async function seriousViolations(page: Page, selector?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (selector) builder.include(selector);
  const { violations } = await builder.analyze();
  return (
    violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      // Each node with axe's own summary, so a failure in CI says what to fix (for contrast: both colours and the ratio).
      .map((violation) => {
        const nodes = violation.nodes.map(
          (node) => `${node.target.join(' ')} (${node.failureSummary?.replace(/\s+/g, ' ').trim()})`,
        );
        return `${violation.id}: ${nodes.join(', ')}`;
      })
  );
}
