import { type ReactNode, useEffect, useState } from 'react';

/**
 * `fallback` until the browser is first idle after this mounted, then `children`. A server render
 * and the render that hydrates it both show `fallback`, so what `children` loads (a lazy chunk) is
 * no Suspense boundary the server could not finish (React would report a recoverable error), and
 * its loading and rendering come after the page has become interactive, in tasks of their own.
 */
export function WhenIdle({ fallback = null, children }: { fallback?: ReactNode; children: ReactNode }) {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => setIdle(true), { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(() => setIdle(true), 0);
    return () => clearTimeout(id);
  }, []);
  return idle ? children : fallback;
}
