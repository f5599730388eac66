import { useState } from 'react';

/**
 * `value`, or while it is null the last value that was not: a closing dialog keeps showing its ticket through the
 * exit animation instead of going blank.
 */
export function useLastNonNull<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  // Derived state, updated during render (react.dev "storing information from previous renders").
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
