/**
 * Defers part of a page until the visitor scrolls near it: the code of what lies below the fold is
 * then not downloaded with the page (issue 6, ≤ 160 KB of JavaScript for /).
 */
import { Box } from '@chakra-ui/react';
import { Suspense, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';

/** How far outside the viewport loading starts, so that the content is usually there when seen. */
const NEAR_VIEWPORT_MARGIN = '600px';

/** Props of {@link WhenNearViewport}. */
export interface WhenNearViewportProps {
  /** The height the content will take, held by the placeholder so the page does not jump. */
  minH: string;
  /** Usually a `React.lazy` component: rendered (and so downloaded) once near the viewport. */
  children: ReactNode;
}

/**
 * Renders an empty placeholder of `minH` until it comes within NEAR_VIEWPORT_MARGIN of the
 * viewport, then `children` (the same placeholder while they load). Without IntersectionObserver the
 * children render right after the first render. The first render is always the placeholder, so a
 * page prerendered at build time (issue 31) hydrates without a mismatch.
 */
export function WhenNearViewport({ minH, children }: WhenNearViewportProps) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    const element = placeholder.current;
    if (near || element === null) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_VIEWPORT_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  if (!near) return <Box ref={placeholder} minH={minH} />;
  return <Suspense fallback={<Box minH={minH} />}>{children}</Suspense>;
}
