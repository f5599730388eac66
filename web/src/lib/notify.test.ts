import { afterEach, describe, expect, it } from 'vitest';
import { notify } from './notify.ts';
import { toaster } from './toaster-store.ts';

afterEach(() => {
  toaster.remove();
});

describe('notify', () => {
  it('replaces the toast on screen with the newer one', () => {
    notify('error', 'First');
    notify('success', 'Second', 'details');

    expect(toaster.getVisibleToasts()).toMatchObject([{ type: 'success', title: 'Second', description: 'details' }]);
  });
});
