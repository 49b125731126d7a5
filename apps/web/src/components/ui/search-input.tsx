import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Input } from './input.tsx';

/** A search box with the magnifier inside it, on the left. */
export function SearchInput(props: Omit<ComponentProps<typeof Input>, 'type' | 'className'>) {
  return (
    <div className="relative">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-500"
        aria-hidden="true"
      />
      <Input type="search" className="pl-9" {...props} />
    </div>
  );
}
