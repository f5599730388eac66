import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { t } from '../../i18n/i18n.ts';
import { COLOR_PALETTE } from '#shared/constants.ts';
import type { Category } from '#shared/schemas/category.ts';
import { type FakeRoutes, renderApp, staffUser } from '../../test/render-app.tsx';

function category(overrides: Partial<Category> & Pick<Category, 'id' | 'name' | 'displayName'>): Category {
  return {
    description: null,
    color: '#3b82f6',
    isActive: true,
    restricted: false,
    usageCount: 0,
    createdAt: '2025-01-06T09:00:00.000Z',
    updatedAt: '2025-01-06T09:00:00.000Z',
    ...overrides,
  };
}

const KYC = category({
  id: 'c1',
  name: 'kyc',
  displayName: 'KYC',
  description: 'Identity checks',
  usageCount: 3,
  color: '#ef4444',
});
const OTHERS = category({ id: 'c2', name: 'others', displayName: 'Others', usageCount: 12, isActive: false });
const API = category({ id: 'c3', name: 'api_technical', displayName: 'API Technical', usageCount: 0 });

function api(extra: FakeRoutes = {}): FakeRoutes {
  return {
    'GET /api/auth/user': { status: 200, body: staffUser('admin') },
    'GET /api/categories': { status: 200, body: [KYC, OTHERS, API] },
    ...extra,
  };
}

type User = ReturnType<typeof renderApp>['user'];

async function rowOf(displayName: string) {
  const table = await screen.findByRole('table');
  return within(within(table).getByText(displayName).closest('tr') as HTMLElement);
}

async function openCreate(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Create Category' }));
  return within(await screen.findByRole('dialog'));
}

describe('Category Management', () => {
  it('shows the cards and one row per category with its usage and status', async () => {
    renderApp('/admin/categories', api());

    const kyc = await rowOf('KYC');
    expect(kyc.getByText('kyc')).toBeTruthy();
    expect(kyc.getByText('Identity checks')).toBeTruthy();
    expect(kyc.getByText('3 tickets')).toBeTruthy();
    expect(kyc.getByText('Active')).toBeTruthy();
    const api_ = await rowOf('API Technical');
    expect(api_.getByText(t('categories.noDescription'))).toBeTruthy();
    expect(api_.getByText('0 tickets')).toBeTruthy();
    expect((await rowOf('Others')).getByText('Inactive')).toBeTruthy();

    expect(screen.getByRole('group', { name: 'Total Categories' }).textContent).toContain('3');
    expect(screen.getByRole('group', { name: 'Active Categories' }).textContent).toContain('2');
    expect(screen.getByRole('group', { name: 'Most Used' }).textContent).toContain('Others');
  });

  it('invites to create the first category when there is none', async () => {
    renderApp('/admin/categories', api({ 'GET /api/categories': { status: 200, body: [] } }));

    expect(await screen.findByText(t('categories.empty'))).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Most Used' }).textContent).toContain('N/A');
  });

  it('shows an error when the categories cannot be loaded', async () => {
    // React and the router report the failed read on the console; that noise is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/admin/categories', api({ 'GET /api/categories': { status: 503 } }));

    expect((await screen.findByRole('alert')).textContent).toContain('503');
  });

  describe('create', () => {
    it('derives the display name from the name and takes a palette colour chosen with the keyboard', async () => {
      const { user, requests } = renderApp(
        '/admin/categories',
        api({
          'POST /api/categories': (body) => ({
            status: 201,
            body: category({ ...(body as Omit<Category, 'id'>), id: 'c9' }),
          }),
        }),
      );

      const dialog = await openCreate(user);
      await user.type(dialog.getByLabelText(/^Name/), 'crypto_staking');
      expect((dialog.getByLabelText(/Display Name/) as HTMLInputElement).value).toBe('Crypto Staking');

      const palette = dialog.getByRole('radiogroup', { name: 'Color' });
      const swatches = within(palette).getAllByRole('radio');
      expect(swatches.map((swatch) => swatch.getAttribute('value'))).toEqual([...COLOR_PALETTE]);
      const blue = within(palette).getByRole('radio', { name: 'Blue (#3b82f6)' }) as HTMLInputElement;
      expect(blue.checked).toBe(true);
      blue.focus();
      await user.keyboard('{ArrowRight}');
      expect((within(palette).getByRole('radio', { name: 'Indigo (#6366f1)' }) as HTMLInputElement).checked).toBe(true);

      await user.click(dialog.getByRole('button', { name: 'Create Category' }));

      await waitFor(() =>
        expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
          name: 'crypto_staking',
          displayName: 'Crypto Staking',
          description: null,
          color: '#6366f1',
          restricted: false,
        }),
      );
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('stops following the name once the display name was typed by hand', async () => {
      const { user } = renderApp('/admin/categories', api());

      const dialog = await openCreate(user);
      await user.type(dialog.getByLabelText(/^Name/), 'kyc');
      const displayName = dialog.getByLabelText(/Display Name/) as HTMLInputElement;
      await user.clear(displayName);
      await user.type(displayName, 'Know Your Customer');
      await user.type(dialog.getByLabelText(/^Name/), '_checks');

      expect(displayName.value).toBe('Know Your Customer');
    });

    it('requires a name and a display name', async () => {
      const { user, requests } = renderApp('/admin/categories', api());

      const dialog = await openCreate(user);
      await user.click(dialog.getByRole('button', { name: 'Create Category' }));

      expect(await dialog.findByText(t('validation.name.required'))).toBeTruthy();
      expect(dialog.getByText(t('validation.displayName.required'))).toBeTruthy();
      expect(requests.some((request) => request.method === 'POST')).toBe(false);
    });

    it.each([
      [
        "the server's message",
        { status: 409, body: { message: 'A category with this name already exists' } },
        'A category with this name already exists',
      ],
      ['the product text when the server gives none', { status: 500 }, t('categoryForm.createFailed')],
    ])('reports a failure with %s', async (_case, reply, text) => {
      const { user } = renderApp('/admin/categories', api({ 'POST /api/categories': reply }));

      const dialog = await openCreate(user);
      await user.type(dialog.getByLabelText(/^Name/), 'kyc');
      await user.click(dialog.getByRole('button', { name: 'Create Category' }));

      expect(await screen.findByText(text)).toBeTruthy();
      expect(screen.getByRole('dialog')).toBeTruthy();
    });
  });

  describe('edit', () => {
    it('preloads the category and can switch it off', async () => {
      const { user, requests } = renderApp(
        '/admin/categories',
        api({ 'PATCH /api/categories/c1': { status: 200, body: KYC } }),
      );

      await user.click(await screen.findByRole('button', { name: 'Edit KYC' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Edit Category' }));
      expect((dialog.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('kyc');
      expect((dialog.getByRole('radio', { name: 'Red (#ef4444)' }) as HTMLInputElement).checked).toBe(true);
      await user.click(dialog.getByRole('checkbox', { name: /Active/ }));
      await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

      await waitFor(() =>
        expect(requests.find((request) => request.method === 'PATCH')?.body).toEqual({
          name: 'kyc',
          displayName: 'KYC',
          description: 'Identity checks',
          color: '#ef4444',
          restricted: false,
          isActive: false,
        }),
      );
    });

    it('falls back to the product text when the update fails without a message', async () => {
      const { user } = renderApp('/admin/categories', api({ 'PATCH /api/categories/c1': { status: 500 } }));

      await user.click(await screen.findByRole('button', { name: 'Edit KYC' }));
      const dialog = within(await screen.findByRole('dialog'));
      await user.click(dialog.getByRole('button', { name: 'Save Changes' }));

      expect(await screen.findByText(t('categoryForm.updateFailed'))).toBeTruthy();
    });
  });

  describe('delete', () => {
    it('asks for confirmation, then deletes', async () => {
      const { user, requests } = renderApp('/admin/categories', api({ 'DELETE /api/categories/c3': { status: 204 } }));

      await user.click(await screen.findByRole('button', { name: 'Delete API Technical' }));
      const dialog = within(await screen.findByRole('alertdialog'));
      expect(dialog.getByText(t('categories.deleteConfirm'))).toBeTruthy();
      expect(requests.some((request) => request.method === 'DELETE')).toBe(false);
      await user.click(dialog.getByRole('button', { name: 'Delete' }));

      await waitFor(() =>
        expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
          '/api/categories/c3',
        ]),
      );
    });

    it.each([
      [
        "the server's reason",
        { status: 409, body: { message: 'This category is used by 3 tickets; deactivate it instead' } },
        'This category is used by 3 tickets; deactivate it instead',
      ],
      ['the product text when the server gives none', { status: 500 }, t('categories.deleteFailed')],
    ])('reports a refusal with %s', async (_case, reply, text) => {
      const { user } = renderApp('/admin/categories', api({ 'DELETE /api/categories/c1': reply }));

      await user.click(await screen.findByRole('button', { name: 'Delete KYC' }));
      await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));

      expect(await screen.findByText(text)).toBeTruthy();
    });
  });
});
