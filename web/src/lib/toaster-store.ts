import { createToaster } from '@chakra-ui/react';
import { TOAST } from '#shared/constants.ts';

/** The app's single toast store, rendered by components/ui/Toaster.tsx. */
export const toaster = createToaster({
  placement: 'top-end',
  max: TOAST.limit,
  duration: TOAST.durationMs,
});
