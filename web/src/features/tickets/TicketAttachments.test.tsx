import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '#shared/constants.ts';
import type { Attachment } from '#shared/schemas/attachment.ts';
import type { Comment } from '#shared/schemas/ticket.ts';
import { t } from '../../i18n/i18n.ts';
import { type FakeRequest, type FakeRoutes, renderApp } from '../../test/render-app.tsx';
import { ticketsApi } from './test-api.ts';
import { commentFixture, history, ticketFixture } from './test-data.ts';

/**
 * Files in the composer and in the thread (docs/decisions/094-attachments.md): the API is the fake one of the other
 * screens' tests; the bucket the browser posts the bytes to is a fake XMLHttpRequest that holds each upload until
 * the test lets it finish.
 */

function attachment(overrides: Partial<Attachment> & Pick<Attachment, 'id' | 'filename'>): Attachment {
  return {
    contentType: 'image/png',
    size: 12_345,
    sha256: 'ab'.repeat(32),
    scanStatus: 'not_scanned',
    state: 'available',
    refusedReason: null,
    removed: null,
    createdAt: '2025-01-07T00:00:00.000Z',
    ...overrides,
  };
}

/** An upload the fake bucket received: its form, and the way to answer it. */
interface HeldUpload {
  url: string;
  form: FormData;
  finish(status?: number, body?: string): void;
}

/** XMLHttpRequest as far as the composer uses it; every request waits in `held` until finished. */
function fakeStorage() {
  const held: HeldUpload[] = [];
  class FakeXhr {
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    status = 0;
    responseText = '';
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    abort() {
      this.onabort?.();
    }
    send(form: FormData) {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 2 });
      held.push({
        url: this.url,
        form,
        finish: (status = 204, body = '') => {
          this.status = status;
          this.responseText = body;
          this.onload?.();
        },
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return held;
}

/** Ticket 1's page for `role`; a comment posted joins the thread, files announced get ids `att-1`, `att-2`… */
function ticketPage(role: Role, thread: Comment[] = [], routes: FakeRoutes = {}) {
  let comments = thread;
  let announced = 0;
  return renderApp(
    `/${role}/tickets/TKT-000001`,
    ticketsApi(role, {
      'GET /api/tickets/1': { status: 200, body: ticketFixture() },
      'GET /api/tickets/1/comments': () => ({ status: 200, body: comments }),
      'GET /api/tickets/1/history': { status: 200, body: history },
      'POST /api/tickets/1/attachments': () => {
        announced += 1;
        return {
          status: 201,
          body: {
            attachmentId: `att-${announced}`,
            upload: { url: 'http://storage.test/attachments', fields: { key: `uploads/1/att-${announced}` } },
          },
        };
      },
      'POST /api/tickets/1/comments': (body) => {
        const input = body as { content: string; isInternal: boolean; attachmentIds?: string[] };
        const comment = commentFixture({
          id: `c-${comments.length + 1}`,
          comment: input.content,
          attachments: (input.attachmentIds ?? []).map((id) => attachment({ id, filename: `${id}.png` })),
        });
        comments = [...comments, comment];
        return { status: 201, body: comment };
      },
      ...routes,
    }),
  );
}

const requestsTo = (requests: FakeRequest[], method: string, suffix: string) =>
  requests.filter((request) => request.method === method && request.path.endsWith(suffix)).map((r) => r.body);

const fileInput = () => screen.getByLabelText(t('attachment.attach'), { selector: 'input' }) as HTMLInputElement;

const png = (name: string, bytes = 2_048) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

describe('files in the thread', () => {
  const files = [
    attachment({ id: 'a-1', filename: 'wallet.png', size: 12_345 }),
    attachment({
      id: 'a-2',
      filename: 'statement.pdf',
      contentType: 'application/pdf',
      size: 2_400_000,
      scanStatus: 'pending',
    }),
    attachment({ id: 'a-3', filename: 'invoice.pdf', contentType: 'application/pdf', scanStatus: 'infected' }),
    attachment({
      id: 'a-4',
      filename: 'huge.mov',
      contentType: 'video/quicktime',
      size: 40_000_000,
      sha256: null,
      state: 'refused',
      refusedReason: 'too_large',
    }),
    attachment({
      id: 'a-5',
      filename: 'passport.jpg',
      contentType: 'image/jpeg',
      sha256: null,
      state: 'removed',
      removed: { byName: 'Maria Santos', at: '2025-01-07T01:00:00.000Z', reason: 'Personal data sent by mistake' },
    }),
  ];

  it('lists each file with its size, a thumbnail for an image, its scan state, and refused and removed ones', async () => {
    ticketPage('agent', [commentFixture({ attachments: files })]);
    const list = within(await screen.findByRole('list', { name: t('attachment.filesLabel') }));
    const items = list.getAllByRole('listitem');
    expect(items).toHaveLength(5);

    const [image, pending, infected, refused, removed] = items.map((item) => within(item));
    // Served: a link to the download route, its size, and that nothing scanned it.
    const link = image!.getByRole('link', { name: 'wallet.png' });
    expect(link.getAttribute('href')).toBe('/api/tickets/1/attachments/a-1');
    expect(image!.getByText('12 kB')).toBeTruthy();
    expect(image!.getByText('Not scanned')).toBeTruthy();
    const thumbnail = image!.getByRole('img', { hidden: true }) as HTMLImageElement;
    expect(thumbnail.getAttribute('src')).toBe('/api/tickets/1/attachments/a-1?preview=true');
    expect(thumbnail.getAttribute('loading')).toBe('lazy');

    // Not served while scanning, never when infected: no link.
    expect(pending!.getByText('statement.pdf')).toBeTruthy();
    expect(pending!.getByText('2.3 MB')).toBeTruthy();
    expect(pending!.getByText('Scanning…')).toBeTruthy();
    expect(pending!.queryByRole('link')).toBeNull();
    expect(infected!.getByText('Blocked: malware found')).toBeTruthy();
    expect(infected!.queryByRole('link')).toBeNull();

    expect(refused!.getByText('huge.mov')).toBeTruthy();
    expect(refused!.getByText('Refused: larger than 25 MB')).toBeTruthy();
    expect(refused!.queryByRole('link')).toBeNull();
    // Tokyo time (the user's Settings).
    expect(
      removed!.getByText('Removed by Maria Santos on Jan 7, 2025, 10:00 AM: Personal data sent by mistake'),
    ).toBeTruthy();
    expect(removed!.queryByRole('link')).toBeNull();

    // Removing is for admins.
    expect(screen.queryByRole('button', { name: /from the ticket/ })).toBeNull();
  });

  it('lets an admin remove a file with a reason, which is required, and shows who removed it', async () => {
    let thread = [commentFixture({ attachments: [attachment({ id: 'a-1', filename: 'wallet.png' })] })];
    const { user, requests } = ticketPage('admin', thread, {
      'GET /api/tickets/1/comments': () => ({ status: 200, body: thread }),
      'DELETE /api/tickets/1/attachments/a-1': (body) => {
        const removed = {
          byName: 'Dana Reyes',
          at: '2025-01-07T02:00:00.000Z',
          reason: (body as { reason: string }).reason,
        };
        thread = [
          commentFixture({
            attachments: [attachment({ id: 'a-1', filename: 'wallet.png', state: 'removed', sha256: null, removed })],
          }),
        ];
        return { status: 200, body: thread[0]!.attachments[0] };
      },
    });
    // The whole app renders first: slow while other suites share the two cores.
    await user.click(
      await screen.findByRole('button', { name: 'Remove wallet.png from the ticket' }, { timeout: 15_000 }),
    );
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Remove wallet.png?' }));
    await user.click(dialog.getByRole('button', { name: t('attachment.removeConfirm') }));
    expect(dialog.getByText(t('attachment.removeReasonRequired'))).toBeTruthy();
    expect(requestsTo(requests, 'DELETE', '/attachments/a-1')).toEqual([]);

    await user.click(dialog.getByRole('textbox', { name: /Reason/ }));
    await user.paste('Wrong customer');
    await user.click(dialog.getByRole('button', { name: t('attachment.removeConfirm') }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(requestsTo(requests, 'DELETE', '/attachments/a-1')).toEqual([{ reason: 'Wrong customer' }]);
    expect(await screen.findByText('Removed by Dana Reyes on Jan 7, 2025, 11:00 AM: Wrong customer')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'wallet.png' })).toBeNull();
  });

  it('says in the dialog why the server refused to remove a file, and keeps the reason typed', async () => {
    const { user } = ticketPage(
      'admin',
      [commentFixture({ attachments: [attachment({ id: 'a-1', filename: 'a.png' })] })],
      {
        'DELETE /api/tickets/1/attachments/a-1': {
          status: 404,
          body: { message: 'This file was removed', code: 'error.attachment.removed' },
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Remove a.png from the ticket' }, { timeout: 15_000 }));
    const dialog = within(await screen.findByRole('alertdialog'));
    await user.click(dialog.getByRole('textbox', { name: /Reason/ }));
    await user.paste('Duplicate');
    await user.click(dialog.getByRole('button', { name: t('attachment.removeConfirm') }));
    expect(await dialog.findByText('The file was not removed: 404: This file was removed')).toBeTruthy();
    expect((dialog.getByRole('textbox', { name: /Reason/ }) as HTMLTextAreaElement).value).toBe('Duplicate');
  });
});

describe('files in the composer', () => {
  it('uploads each chosen file at once, waits for it before sending, sends its id, and empties the list', async () => {
    const storage = fakeStorage();
    const { user, requests } = ticketPage('agent');
    await user.type(await screen.findByRole('textbox', { name: t('mail.replyLabel') }), 'Here is the receipt.');
    await user.upload(fileInput(), [png('receipt.png'), png('second.png', 10)]);

    // Announced to the API with what the server judges, then posted to the bucket, the file last.
    await waitFor(() => expect(storage).toHaveLength(2));
    expect(requestsTo(requests, 'POST', '/attachments')).toEqual([
      { filename: 'receipt.png', contentType: 'image/png', size: 2_048 },
      { filename: 'second.png', contentType: 'image/png', size: 10 },
    ]);
    expect(storage[0]!.url).toBe('http://storage.test/attachments');
    expect([...storage[0]!.form.keys()]).toEqual(['key', 'file']);
    expect((storage[0]!.form.get('file') as File).name).toBe('receipt.png');

    const files = within(screen.getByRole('list', { name: t('attachment.composerFiles') }));
    expect(files.getByRole('progressbar', { name: 'Uploading receipt.png' })).toBeTruthy();
    expect(files.getAllByText('Uploading… 50%')).toHaveLength(2);
    const send = screen.getByRole('button', { name: t('mail.replyButton') }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(screen.getByText(t('attachment.waitForUploads'))).toBeTruthy();

    storage[0]!.finish();
    expect(await files.findByText(t('attachment.ready'))).toBeTruthy();
    expect(send.disabled).toBe(true);
    storage[1]!.finish();
    await waitFor(() => expect(send.disabled).toBe(false));

    await user.click(send);
    await waitFor(() =>
      expect(requestsTo(requests, 'POST', '/comments')).toEqual([
        { content: 'Here is the receipt.', isInternal: false, attachmentIds: ['att-1', 'att-2'] },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('list', { name: t('attachment.composerFiles') })).toBeNull());
    const thread = within(await screen.findByRole('list', { name: t('attachment.filesLabel') }));
    expect(thread.getByRole('link', { name: 'att-1.png' })).toBeTruthy();
  });

  it('refuses a file over 25 MB before uploading it, and sends once it is taken off', async () => {
    const storage = fakeStorage();
    const { user, requests } = ticketPage('agent');
    await user.type(await screen.findByRole('textbox', { name: t('mail.replyLabel') }), 'Too big.');
    const big = png('screen-recording.png', 1);
    Object.defineProperty(big, 'size', { value: 25 * 1024 * 1024 + 1 });
    await user.upload(fileInput(), big);

    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'The file screen-recording.png is larger than 25 MB',
    );
    expect(requestsTo(requests, 'POST', '/attachments')).toEqual([]);
    expect(storage).toEqual([]);
    const send = screen.getByRole('button', { name: t('mail.replyButton') }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(screen.getByText(t('attachment.removeFailedFirst'))).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove screen-recording.png' }));
    await waitFor(() => expect(send.disabled).toBe(false));
    await user.click(send);
    await waitFor(() =>
      expect(requestsTo(requests, 'POST', '/comments')).toEqual([{ content: 'Too big.', isInternal: false }]),
    );
  });

  it('refuses an eleventh file before uploading it, and uploads the ten', async () => {
    const storage = fakeStorage();
    const { user } = ticketPage('agent');
    await screen.findByRole('textbox', { name: t('mail.replyLabel') });
    await user.upload(
      fileInput(),
      Array.from({ length: 11 }, (_, i) => png(`shot-${i + 1}.png`)),
    );
    await waitFor(() => expect(storage).toHaveLength(10));
    const files = within(screen.getByRole('list', { name: t('attachment.composerFiles') }));
    const eleventh = within(files.getAllByRole('listitem')[10]!);
    expect(eleventh.getByText('shot-11.png')).toBeTruthy();
    expect(eleventh.getByRole('alert').textContent).toBe('At most 10 files per message');
  });

  it('refuses a type the server does not accept before any upload (a drop can carry anything)', async () => {
    const storage = fakeStorage();
    const { requests } = ticketPage('agent');
    await screen.findByRole('textbox', { name: t('mail.replyLabel') });
    // The picker offers only the allowed types: this chooser ignores that, as a drop would.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(fileInput(), new File(['<html></html>'], 'login.html', { type: 'text/html' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Files like login.html (text/html) are not accepted: only images, PDF, plain text, CSV and office documents',
    );
    expect(requestsTo(requests, 'POST', '/attachments')).toEqual([]);
    expect(storage).toEqual([]);
  });

  it('shows why the server refused an announced file, and keeps text and files when the comment is refused', async () => {
    const storage = fakeStorage();
    const { user } = ticketPage('agent', [], {
      'POST /api/tickets/1/comments': {
        status: 400,
        body: {
          message: 'The file receipt.png has not been uploaded',
          code: 'error.attachment.notUploaded',
          params: { filename: 'receipt.png' },
        },
      },
    });
    const text = await screen.findByRole('textbox', { name: t('mail.replyLabel') });
    await user.type(text, 'See attached.');
    await user.upload(fileInput(), png('receipt.png'));
    await waitFor(() => expect(storage).toHaveLength(1));
    storage[0]!.finish();
    const send = screen.getByRole('button', { name: t('mail.replyButton') }) as HTMLButtonElement;
    await waitFor(() => expect(send.disabled).toBe(false));
    await user.click(send);

    expect(
      await screen.findByText('The comment was not added: 400: The file receipt.png has not been uploaded'),
    ).toBeTruthy();
    expect((text as HTMLTextAreaElement).value).toBe('See attached.');
    const files = within(screen.getByRole('list', { name: t('attachment.composerFiles') }));
    expect(files.getByText('receipt.png')).toBeTruthy();
    expect(files.getByText(t('attachment.ready'))).toBeTruthy();
  });

  it('says what the storage refused', async () => {
    const storage = fakeStorage();
    const { user } = ticketPage('agent');
    await screen.findByRole('textbox', { name: t('mail.replyLabel') });
    await user.upload(fileInput(), png('receipt.png'));
    await waitFor(() => expect(storage).toHaveLength(1));
    storage[0]!.finish(403, '<?xml version="1.0"?><Error><Code>AccessDenied</Code></Error>');
    expect(await screen.findByText('The storage refused the file (AccessDenied)')).toBeTruthy();
  });
});

describe("the customer's rating", () => {
  it('is shown with the ticket details, with its comment', async () => {
    renderApp(
      '/agent/tickets/TKT-000001',
      ticketsApi('agent', {
        'GET /api/tickets/1': {
          status: 200,
          body: ticketFixture({
            status: 'resolved',
            resolvedAt: '2025-01-07T01:15:00.000Z',
            rating: { score: 4, comment: 'Quick and clear', ratedAt: '2025-01-07T03:00:00.000Z' },
          }),
        },
        'GET /api/tickets/1/comments': { status: 200, body: [] },
        'GET /api/tickets/1/history': { status: 200, body: history },
      }),
    );
    const details = within(await screen.findByRole('complementary', { name: t('ticketPage.details') }));
    const rating = within(await details.findByTestId('customer-rating'));
    expect(details.getByText(t('ticketDetail.rating'))).toBeTruthy();
    expect(rating.getByText('4/5')).toBeTruthy();
    expect(rating.getByText('“Quick and clear”')).toBeTruthy();
    expect(rating.getByText('rated Jan 7, 2025, 12:00 PM')).toBeTruthy();
  });
});
