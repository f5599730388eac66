import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PresenceViewer } from '#shared/schemas/presence.ts';
import { Provider } from '../../components/ui/Provider.tsx';
import { PresenceLine } from './PresenceLine.tsx';

const viewer = (firstName: string, lastName: string, state: PresenceViewer['state']): PresenceViewer => ({
  userId: `${firstName}-${lastName}`,
  firstName,
  lastName,
  state,
});

describe('PresenceLine', () => {
  it('says nothing when nobody else is on the ticket, in a polite live region', () => {
    render(<PresenceLine viewers={[]} />, { wrapper: Provider });
    const line = screen.getByTestId('presence');
    expect(line.getAttribute('aria-live')).toBe('polite');
    expect(line.textContent).toBe('');
  });

  it('names one viewer, and joins several in the list format, those replying first', () => {
    render(
      <PresenceLine
        viewers={[
          viewer('Priya', 'Nair', 'replying'),
          viewer('Marco', 'Rossi', 'viewing'),
          viewer('Ana', 'Lima', 'viewing'),
          viewer('Li', 'Wei', 'viewing'),
        ]}
      />,
      { wrapper: Provider },
    );
    expect(screen.getByText('Priya Nair is replying…')).toBeTruthy();
    expect(screen.getByText('Marco Rossi, Ana Lima, and Li Wei are viewing')).toBeTruthy();
  });
});
