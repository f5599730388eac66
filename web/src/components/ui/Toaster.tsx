import { Toaster as ChakraToaster, Portal, Stack, Toast } from '@chakra-ui/react';
import { useT } from '../../i18n/react.tsx';
import { toaster } from '../../lib/toaster-store.ts';

/** Renders the toasts created with `notify` and the alarms' toasts, with their action where they have one. */
export function Toaster() {
  const t = useT();
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            {toast.action && <Toast.ActionTrigger>{toast.action.label}</Toast.ActionTrigger>}
            {toast.closable && <Toast.CloseTrigger aria-label={t('toast.dismiss')} />}
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
