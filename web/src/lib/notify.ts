import { toaster } from './toaster-store.ts';

type ToastKind = 'success' | 'error' | 'info' | 'warning';

/** Shows a toast; a newer toast replaces the one on screen (docs/product.md §4: one visible, newer replaces older). */
export function notify(kind: ToastKind, title: string, description?: string): void {
  // With `max: 1` the store would queue the newcomer behind the visible toast; removing first replaces it.
  toaster.remove();
  toaster.create({ type: kind, title, description, closable: true });
}
