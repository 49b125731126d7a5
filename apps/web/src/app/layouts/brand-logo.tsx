import { cn } from '../../lib/cn.ts';

/** The Townsquare mark: a house-shaped square with a gathering point in the middle. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" className={cn('size-8', className)}>
      <rect width="64" height="64" rx="16" fill="#c2410c" />
      <path d="M14 30 32 16l18 14v18a2 2 0 0 1-2 2H38V38H26v12H16a2 2 0 0 1-2-2Z" fill="#fff7ed" />
      <circle cx="32" cy="29" r="4" fill="#c2410c" />
    </svg>
  );
}

export const APP_NAME = 'Townsquare';
