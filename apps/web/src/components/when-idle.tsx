import { type ReactNode, type RefObject, useEffect, useState } from 'react';

/** How far below the screen `near` starts: far enough that a scrolling reader rarely sees `fallback`. */
const NEAR_MARGIN = '600px 0px';

/**
 * `fallback` until the browser is first idle after this mounted (and, with `near`, that element
 * has come within a screen or so of the viewport), then `children`. A server render and the render
 * that hydrates it both show `fallback`, so what `children` loads (a lazy chunk) is no Suspense
 * boundary the server could not finish (React would report a recoverable error), and its loading
 * and rendering come after the page has become interactive, in tasks of their own.
 */
export function WhenIdle({
  fallback = null,
  near,
  children,
}: {
  fallback?: ReactNode;
  near?: RefObject<Element | null>;
  children: ReactNode;
}) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let cancel = () => {};
    const whenIdle = () => {
      if (typeof requestIdleCallback === 'function') {
        const id = requestIdleCallback(() => setReady(true), { timeout: 2000 });
        cancel = () => cancelIdleCallback(id);
      } else {
        const id = setTimeout(() => setReady(true), 0);
        cancel = () => clearTimeout(id);
      }
    };
    const target = near?.current;
    if (!target || typeof IntersectionObserver !== 'function') {
      whenIdle();
      return () => cancel();
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        whenIdle();
      },
      { rootMargin: NEAR_MARGIN },
    );
    observer.observe(target);
    return () => {
      observer.disconnect();
      cancel();
    };
  }, [near]);
  return ready ? children : fallback;
}
