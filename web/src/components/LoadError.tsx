import { Alert, Button } from '@chakra-ui/react';
import { useT } from '../i18n/react.tsx';
import { errorText } from '../lib/server-message.ts';

interface LoadErrorProps extends Omit<Alert.RootProps, 'title'> {
  /** What could not be loaded, in the words of the screen ('Could not load tickets'). */
  title: string;
  error: Error;
  onRetry: () => void;
  buttonSize?: 'xs' | 'sm';
}

/** A read that failed: what, the server's reason, and Try again; announced as an alert. */
export function LoadError({ title, error, onRetry, buttonSize = 'sm', ...alert }: LoadErrorProps) {
  const t = useT();
  return (
    <Alert.Root status="error" role="alert" {...alert}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{errorText(error, t)}</Alert.Description>
      </Alert.Content>
      <Button size={buttonSize} variant="outline" onClick={onRetry}>
        {t('common.tryAgain')}
      </Button>
    </Alert.Root>
  );
}
