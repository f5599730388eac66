import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DeadlineBadge } from './DeadlineBadge.tsx';
import { Provider } from './Provider.tsx';

const NOW = new Date('2025-03-10T12:00:00.000Z');
const inMinutes = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000).toISOString();

function renderBadge(deadline: string | null, now?: Date) {
  render(
    <Provider>
      <DeadlineBadge deadline={deadline} now={now} />
    </Provider>,
  );
}

describe('DeadlineBadge', () => {
  it.each([
    [null, 'No deadline', 'secondary', null],
    [inMinutes(-3 * 24 * 60 - 5 * 60), '3d 5h overdue', 'destructive', 'critical'],
    [inMinutes(45), '45m left', 'destructive', 'high'],
    [inMinutes(3 * 60), '3h 0m left', 'outline', 'medium'],
    [inMinutes(10 * 60), '10h 0m left', 'default', 'medium'],
    [inMinutes(50 * 60), '2d 2h left', 'secondary', 'low'],
  ])('renders %s as %j (%s, severity %s)', (deadline, text, variant, severity) => {
    renderBadge(deadline, NOW);
    const badge = screen.getByText(text);
    expect(badge.getAttribute('data-variant')).toBe(variant);
    expect(badge.getAttribute('data-severity')).toBe(severity);
  });

  it('counts down on its own while it is on screen', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    vi.setSystemTime(NOW);
    renderBadge(inMinutes(61));
    expect(screen.getByText('1h 1m left')).toBeTruthy();

    act(() => vi.advanceTimersByTime(2 * 60_000));
    expect(screen.getByText('59m left')).toBeTruthy();
  });
});
