import type { ReactNode } from 'react';
import { Button } from './button.tsx';

/** A list read a page at a time (an infinite query), as "Load more" needs it. */
interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** "Load more" under a list read a page at a time: busy while a page loads, gone after the last. */
export function LoadMoreButton({ pages, children }: { pages: Pages; children: ReactNode }) {
  if (!pages.hasNextPage) return null;
  return (
    <Button variant="secondary" onClick={() => void pages.fetchNextPage()} loading={pages.isFetchingNextPage}>
      {children}
    </Button>
  );
}
