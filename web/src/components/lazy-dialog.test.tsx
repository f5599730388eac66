import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '../lib/toaster-store.ts';
import { lazyDialog } from './lazy-dialog.tsx';
import { Provider } from './ui/Provider.tsx';

afterEach(() => toaster.remove());

interface NoteProps {
  open: boolean;
  onClose: () => void;
}

/** The dialog the code would hold: a note while open. */
function Note({ open, onClose }: NoteProps) {
  return open ? (
    <div role="dialog" aria-label="Note">
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  ) : null;
}

/** A fetch of the dialog's code that the test settles: each call waits until `arrive` or `fail`. */
function controlledCode() {
  const pending: Array<{ resolve: (component: typeof Note) => void; reject: (error: Error) => void }> = [];
  return {
    calls: () => pending.length,
    load: () => new Promise<typeof Note>((resolve, reject) => pending.push({ resolve, reject })),
    arrive: () => act(async () => pending.at(-1)?.resolve(Note)),
    fail: () => act(async () => pending.at(-1)?.reject(new TypeError('Failed to fetch dynamically imported module'))),
  };
}

function Screen({ Dialog }: { Dialog: ReturnType<typeof lazyDialog<NoteProps>> }) {
  const [open, setOpen] = useState(false);
  return (
    <Provider>
      <button type="button" onClick={() => setOpen(true)} onFocus={Dialog.preload}>
        Open
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} />
    </Provider>
  );
}

describe('lazyDialog', () => {
  it('fetches nothing until the dialog opens, then shows it once its code has arrived', async () => {
    const code = controlledCode();
    const Dialog = lazyDialog(code.load, (props) => props.open);
    render(<Screen Dialog={Dialog} />);
    expect(code.calls()).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(code.calls()).toBe(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    await code.arrive();
    expect(screen.getByRole('dialog', { name: 'Note' })).toBeTruthy();

    // Closed and opened again: the same code, no second fetch.
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Note' })).toBeTruthy();
    expect(code.calls()).toBe(1);
  });

  it('starts the fetch when the button that opens it takes the focus', async () => {
    const code = controlledCode();
    const Dialog = lazyDialog(code.load, (props) => props.open);
    render(<Screen Dialog={Dialog} />);

    fireEvent.focus(screen.getByRole('button', { name: 'Open' }));
    expect(code.calls()).toBe(1);
    await code.arrive();
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('dialog', { name: 'Note' })).toBeTruthy();
    expect(code.calls()).toBe(1);
  });

  it('says so when its code cannot be fetched, counts as closed, and fetches again on the next click', async () => {
    const code = controlledCode();
    const Dialog = lazyDialog(code.load, (props) => props.open);
    render(<Screen Dialog={Dialog} />);

    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    await code.fail();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toaster.getVisibleToasts()).toMatchObject([
      {
        type: 'error',
        title: 'This could not be opened. Check your connection and try again.',
      },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(code.calls()).toBe(2);
    await code.arrive();
    expect(screen.getByRole('dialog', { name: 'Note' })).toBeTruthy();
  });
});
