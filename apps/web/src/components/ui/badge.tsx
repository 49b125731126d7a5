import { cva, type VariantProps } from 'class-variance-authority';
import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
  {
    variants: {
      tone: {
        neutral: 'border-stone-200 bg-stone-100 text-stone-800',
        brand: 'border-brand-200 bg-brand-50 text-brand-900',
        amber: 'border-amber-200 bg-amber-50 text-amber-900',
        teal: 'border-teal-200 bg-teal-50 text-teal-900',
        violet: 'border-violet-200 bg-violet-50 text-violet-900',
        rose: 'border-rose-200 bg-rose-50 text-rose-900',
        sky: 'border-sky-200 bg-sky-50 text-sky-900',
        emerald: 'border-emerald-200 bg-emerald-50 text-emerald-900',
      },
    },
    defaultVariants: { tone: 'neutral' },
  },
);

export type BadgeTone = NonNullable<VariantProps<typeof badgeVariants>['tone']>;

/** A small rounded label; `icon`, when given, leads its text. */
export function Badge({
  className,
  tone,
  icon: Icon,
  children,
  ...props
}: ComponentProps<'span'> & VariantProps<typeof badgeVariants> & { icon?: LucideIcon }) {
  return (
    <span className={cn(badgeVariants({ tone }), className)} {...props}>
      {Icon ? <Icon className="size-3" aria-hidden="true" /> : null}
      {children}
    </span>
  );
}

/** A thing's tags as a labelled list of badges; nothing when it has none. */
export function TagList({ tags, label, className }: { tags: string[]; label: string; className: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className={className} aria-label={label}>
      {tags.map((tag) => (
        <li key={tag}>
          <Badge tone="brand">{tag}</Badge>
        </li>
      ))}
    </ul>
  );
}
