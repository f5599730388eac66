import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '../../i18n/i18n.ts';
import { renderApp } from '../../test/render-app.tsx';
import { ticketsApi } from './test-api.ts';
import { commentFixture, history, othersTicket } from './test-data.ts';

const customerSays = (id: string, comment: string) =>
  commentFixture({
    id,
    userId: null,
    authorType: 'customer',
    channel: 'email',
    comment,
    author: { firstName: '', lastName: '', email: 'bob@example.com' },
  });

/** Ticket 2 in the detail dialog; the customer writes again once the thread was first read. */
function crossingApp() {
  const first = customerSays('m-1', 'My withdrawal is stuck.');
  const newer = customerSays('m-2', 'It arrived after all!');
  let thread = [first];
  const posted: unknown[] = [];
  const view = renderApp(
    '/agent/tickets',
    ticketsApi('agent', {
      'GET /api/tickets/2': { status: 200, body: othersTicket },
      'GET /api/tickets/2/history': { status: 200, body: history },
      'GET /api/tickets/2/comments': () => {
        const answer = { status: 200, body: thread };
        thread = thread.length === 1 ? [first, newer] : thread;
        return answer;
      },
      'POST /api/tickets/2/comments': (body) => {
        posted.push(body);
        const input = body as { content: string; confirmed?: boolean; afterMessageId?: string };
        if (!input.confirmed && input.afterMessageId === 'm-1') {
          return {
            status: 409,
            body: {
              message: 'The customer wrote again while you were replying',
              code: 'error.thread.newerMessage',
              newerMessages: [newer],
            },
          };
        }
        const reply = commentFixture({ id: 'c-9', comment: input.content });
        thread = [...thread, reply];
        return { status: 201, body: reply };
      },
    }),
  );
  return { ...view, posted };
}

async function openTicket2(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'View ticket TKT-000002' }));
  return within(await screen.findByRole('dialog', { name: 'TKT-000002' }));
}

describe('a reply that would cross a newer message', () => {
  it('shows the new message, asks, keeps the text on "Review first", then sends it after the new message', async () => {
    const { user, posted } = crossingApp();
    const dialog = await openTicket2(user);
    expect(await dialog.findByText('My withdrawal is stuck.')).toBeTruthy();

    const box = dialog.getByRole('textbox', { name: t('mail.replyLabel') }) as HTMLTextAreaElement;
    await user.type(box, 'Could you send the transaction hash?');
    await user.click(dialog.getByRole('button', { name: t('mail.replyButton') }));

    expect(await dialog.findByText(t('mail.newerMessageQuestion'))).toBeTruthy();
    expect(await dialog.findByText('It arrived after all!')).toBeTruthy();
    expect(box.value).toBe('Could you send the transaction hash?');
    expect(posted).toEqual([
      { content: 'Could you send the transaction hash?', isInternal: false, afterMessageId: 'm-1' },
    ]);
    // No failure message beside the question.
    expect(dialog.queryByText(/Failed to add comment/)).toBeNull();

    await user.click(dialog.getByRole('button', { name: t('mail.reviewFirst') }));
    expect(dialog.queryByText(t('mail.newerMessageQuestion'))).toBeNull();
    expect(box.value).toBe('Could you send the transaction hash?');

    // Sent again after reading: the composer now names the newest message, and a confirmation is not needed.
    await user.click(dialog.getByRole('button', { name: t('mail.replyButton') }));
    await waitFor(() => expect(box.value).toBe(''));
    expect(posted.at(-1)).toEqual({
      content: 'Could you send the transaction hash?',
      isInternal: false,
      afterMessageId: 'm-2',
    });
  }, 15_000);

  it('sends with confirmed true on "Send anyway", after the messages now shown', async () => {
    const { user, posted } = crossingApp();
    const dialog = await openTicket2(user);
    await dialog.findByText('My withdrawal is stuck.');
    const box = dialog.getByRole('textbox', { name: t('mail.replyLabel') }) as HTMLTextAreaElement;
    await user.type(box, 'Glad to hear it');
    await user.click(dialog.getByRole('button', { name: t('mail.replyButton') }));
    await user.click(await dialog.findByRole('button', { name: t('mail.sendAnyway') }));

    await waitFor(() => expect(box.value).toBe(''));
    expect(posted.at(-1)).toEqual({
      content: 'Glad to hear it',
      isInternal: false,
      afterMessageId: 'm-2',
      confirmed: true,
    });
    expect(await dialog.findByText('Glad to hear it')).toBeTruthy();
  }, 15_000);
});
