import { type ComponentType, useEffect, useState } from 'react';
import { useT } from '../i18n/react.tsx';
import { notify } from '../lib/notify.ts';

interface DialogProps {
  onClose: () => void;
}

/** A dialog component whose code is fetched when it first opens; `preload` fetches it sooner. */
export type LazyDialog<P extends DialogProps> = ComponentType<P> & { preload: () => void };

/** One dialog's code: fetched once, fetched again after a failure. */
class DialogCode<P> {
  loaded: ComponentType<P> | undefined;
  private loading: Promise<ComponentType<P>> | undefined;

  constructor(private readonly load: () => Promise<ComponentType<P>>) {}

  fetch(): Promise<ComponentType<P>> {
    this.loading ??= this.load().then(
      (component) => (this.loaded = component),
      (error: unknown) => {
        this.loading = undefined;
        throw error;
      },
    );
    return this.loading;
  }
}

/**
 * A dialog whose code is fetched the first time it opens rather than with the screen that offers it (ADR 101,
 * "Dialogs load when opened"). A table or a page header offers several form dialogs, and their forms and schemas
 * are most of the screen's script, evaluated before the screen can answer a tap. `preload` starts the fetch
 * earlier: the trigger calls it when the pointer enters it or it takes the focus, so the dialog is there by the
 * click. Once opened, the dialog stays mounted like an eager one, so it closes with its animation. If its code
 * cannot be fetched (the network dropped, a deploy replaced the file), a toast says so and the dialog counts as
 * closed: the next click tries again. Call it once per dialog, at module level.
 */
export function lazyDialog<P extends DialogProps>(
  load: () => Promise<ComponentType<P>>,
  isOpen: (props: P) => boolean,
): LazyDialog<P> {
  const code = new DialogCode(load);
  const withCode = (props: P) => <LazyDialogHost code={code} open={isOpen(props)} dialogProps={props} />;
  return Object.assign(withCode, {
    preload: () => {
      code.fetch().catch(() => undefined);
    },
  });
}

interface LazyDialogHostProps<P extends DialogProps> {
  code: DialogCode<P>;
  open: boolean;
  dialogProps: P;
}

function LazyDialogHost<P extends DialogProps>({ code, open, dialogProps }: LazyDialogHostProps<P>) {
  const t = useT();
  // Mounted from its first opening on, so that it closes with its animation like an eager dialog.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  // Renders again once the code has arrived; `code.loaded` holds it (already there if a trigger preloaded it).
  const [, setArrivals] = useState(0);
  const { onClose } = dialogProps;
  useEffect(() => {
    if (!open || code.loaded) return;
    let current = true;
    code.fetch().then(
      () => current && setArrivals((n) => n + 1),
      () => {
        if (!current) return;
        notify('error', t('dialog.loadFailed'));
        onClose();
      },
    );
    return () => {
      current = false;
    };
  }, [code, open, onClose, t]);
  const Loaded = code.loaded;
  return opened && Loaded ? <Loaded {...dialogProps} /> : null;
}
