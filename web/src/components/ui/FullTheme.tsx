import { type ReactNode, use } from 'react';
import { hasFullTheme, loadFullTheme } from './system.ts';

/**
 * Shows its children once the design system holds every recipe, and nothing until then (it suspends): around whatever
 * a signed-in person sees, whose components' recipes are not in the first page's JavaScript (ADR 101).
 */
export function FullTheme({ children }: { children: ReactNode }): ReactNode {
  if (!hasFullTheme()) use(loadFullTheme());
  return children;
}
