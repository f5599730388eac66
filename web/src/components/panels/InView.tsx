import { Box } from '@chakra-ui/react';
import { type ReactNode, useCallback, useState } from 'react';

/**
 * Builds `children` once any of the placeholder comes into the viewport, and keeps them from then on. For drawings
 * that repeat what the page already says in text (the volume chart beside its summary, and its table for screen
 * readers): on a phone the chart sits below the fold, and building it while the dashboard starts was the longest task
 * of the start (ADR 101, fourth amendment of 2026-11-28). Where the browser has no IntersectionObserver the content is
 * built at once.
 */
export function InView({ children, placeholder }: { children: ReactNode; placeholder: ReactNode }) {
  const [inView, setInView] = useState(() => typeof IntersectionObserver === 'undefined');
  const watch = useCallback((element: HTMLElement | null) => {
    if (!element) return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      setInView(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  if (inView) return children;
  return <Box ref={watch}>{placeholder}</Box>;
}
