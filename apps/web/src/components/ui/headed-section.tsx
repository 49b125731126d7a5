import type { ReactNode } from 'react';

/** A section of a page named by its heading (an `h2`, a large one with `size="xl"`). */
export function HeadedSection({
  id,
  title,
  size = 'lg',
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  size?: 'lg' | 'xl';
  className: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2
        id={id}
        className={size === 'xl' ? 'text-xl font-semibold text-stone-900' : 'text-lg font-semibold'}
      >
        {title}
      </h2>
      {children}
    </section>
  );
}
