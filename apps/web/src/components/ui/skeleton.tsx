import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-lg bg-stone-200/80', className)}
      {...props}
    />
  );
}

/** `count` placeholder bars (`barClassName`) in a region announced as `label` while something loads. */
export function LoadingSkeletons({
  label,
  count = 1,
  barClassName,
  ...props
}: ComponentProps<'div'> & { label: string; count?: number; barClassName: string }) {
  return (
    <div role="status" aria-label={label} {...props}>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity but their place
        <Skeleton key={i} className={barClassName} />
      ))}
    </div>
  );
}
