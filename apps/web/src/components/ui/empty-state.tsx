import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  className?: string;
  headingLevel?: 'h2' | 'h3';
}

export function EmptyState({
  icon: Icon,
  title,
  children,
  actions,
  className,
  headingLevel = 'h2',
}: EmptyStateProps) {
  const Heading = headingLevel;
  return (
    <div
      className={cn(
        'flex flex-col items-center rounded-(--radius-card) border border-dashed border-stone-300 bg-white/60 px-6 py-12 text-center',
        className,
      )}
    >
      <span className="mb-4 flex size-14 items-center justify-center rounded-2xl bg-brand-100 text-brand-800">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <Heading className="text-lg font-semibold">{title}</Heading>
      {children ? (
        <div className="mt-2 max-w-md text-sm leading-relaxed text-stone-700">{children}</div>
      ) : null}
      {actions ? <div className="mt-6 flex flex-wrap justify-center gap-2">{actions}</div> : null}
    </div>
  );
}
