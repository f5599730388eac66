import { Badge, type BadgeProps } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { IconType } from 'react-icons';
import { LuClock, LuSiren, LuTriangleAlert } from 'react-icons/lu';
import { useLanguage, useT } from '../../i18n/react.tsx';
import { type DeadlineSeverity, type DeadlineVariant, deadlineStatus, deadlineText } from '../../lib/deadline.ts';

/** The countdown moves in whole minutes; half a minute keeps it at most that far behind the clock. */
const TICK_MS = 30_000;

const LOOKS: Record<DeadlineVariant, Pick<BadgeProps, 'variant' | 'colorPalette'>> = {
  destructive: { variant: 'solid', colorPalette: 'red' },
  outline: { variant: 'outline', colorPalette: 'orange' },
  default: { variant: 'subtle', colorPalette: 'blue' },
  secondary: { variant: 'subtle', colorPalette: 'gray' },
};

// Colour alone does not tell urgency apart (colour-blind users, grey-scale screenshots): the icon does too.
const SEVERITY_ICONS: Record<DeadlineSeverity, IconType> = {
  critical: LuSiren,
  high: LuTriangleAlert,
  medium: LuClock,
  low: LuClock,
};

/** The current time, renewed every `intervalMs`. */
function useNow(intervalMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

interface DeadlineBadgeProps {
  /** ISO date-time; null or undefined reads 'No deadline'. */
  deadline: string | null | undefined;
  /** A fixed "now" (tests, or a parent keeping one clock for many rows); by default the badge keeps time itself. */
  now?: Date;
}

/** The deadline countdown of docs/product.md §4: text, look and severity; ticks while on screen. */
export function DeadlineBadge({ deadline, now }: DeadlineBadgeProps) {
  const t = useT();
  const language = useLanguage();
  const clock = useNow(TICK_MS);
  const status = deadlineStatus(deadline, now ?? clock);
  const Icon = status.severity ? SEVERITY_ICONS[status.severity] : null;
  return (
    <Badge
      {...LOOKS[status.variant]}
      data-severity={status.severity ?? undefined}
      data-variant={status.variant}
      whiteSpace="nowrap"
    >
      {Icon && <Icon aria-hidden />}
      {deadlineText(status, t, language)}
    </Badge>
  );
}
