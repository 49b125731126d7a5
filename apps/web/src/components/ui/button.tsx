import {
  type ComponentProps,
  cloneElement,
  isValidElement,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';
import { cn } from '../../lib/cn.ts';
import { LoaderIcon } from './shell-icons.tsx';

/*
 * The header renders buttons on every page, so this file is part of the first page load: it keeps
 * to plain objects and a small `asChild` instead of class-variance-authority and Radix Slot.
 */

const BASE =
  'inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 rounded-full text-center font-semibold transition-colors max-w-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0';

const VARIANTS = {
  primary: 'bg-brand-700 text-white shadow-sm hover:bg-brand-800 active:bg-brand-900',
  secondary:
    'border border-stone-300 bg-white text-stone-800 shadow-sm hover:border-stone-400 hover:bg-stone-50',
  soft: 'bg-brand-100 text-brand-900 hover:bg-brand-200',
  ghost: 'text-stone-700 hover:bg-stone-100 hover:text-stone-900',
  destructive: 'bg-red-700 text-white shadow-sm hover:bg-red-800',
  link: 'rounded-md px-0 text-brand-800 underline-offset-4 hover:underline',
  inverse: 'bg-white text-brand-900 shadow-sm hover:bg-brand-50',
} as const;

// A label longer than its box (a German compound on a phone) wraps: heights are minimums.
const SIZES = {
  sm: 'min-h-9 px-4 py-1.5 text-sm',
  md: 'min-h-11 px-5 py-2 text-sm',
  lg: 'min-h-12 px-7 py-2 text-base',
  icon: 'size-10',
} as const;

export interface ButtonVariantProps {
  variant?: keyof typeof VARIANTS | null;
  size?: keyof typeof SIZES | null;
  className?: string;
}

/** The classes of a button, for elements that only look like one. */
export function buttonVariants({ variant, size, className }: ButtonVariantProps = {}): string {
  const kind = variant ?? 'primary';
  return cn(BASE, VARIANTS[kind], SIZES[size ?? 'md'], kind === 'link' && 'h-auto px-0', className);
}

export interface ButtonProps extends ComponentProps<'button'>, Omit<ButtonVariantProps, 'className'> {
  /** Render the child element (a link) with button styling. */
  asChild?: boolean;
  /** Shows a spinner and disables the button; the label stays so the busy text reads naturally. */
  loading?: boolean;
}

type ChildProps = Record<string, unknown> & { className?: string; ref?: Ref<unknown> };

/** Hands the button's props to its only child; the child's own handlers run first, then ours. */
function Slot({ children, ...props }: ComponentProps<'button'> & { children?: ReactNode }) {
  if (!isValidElement<ChildProps>(children)) return null;
  const child = children as ReactElement<ChildProps>;
  const merged: ChildProps = { ...props, ...child.props };
  for (const [key, value] of Object.entries(props)) {
    const own = child.props[key];
    if (/^on[A-Z]/.test(key) && typeof value === 'function' && typeof own === 'function') {
      merged[key] = (...args: unknown[]) => {
        own(...args);
        value(...args);
      };
    }
  }
  merged.className = cn(props.className, child.props.className);
  if (props.style && child.props.style) merged.style = { ...props.style, ...(child.props.style as object) };
  return cloneElement(child, merged);
}

export function Button({
  className,
  variant,
  size,
  asChild = false,
  loading = false,
  disabled,
  children,
  type,
  ...props
}: ButtonProps) {
  const classes = buttonVariants({ variant, size, className });
  if (asChild) {
    return (
      <Slot className={classes} {...props}>
        {children}
      </Slot>
    );
  }
  return (
    <button
      type={type ?? 'button'}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <LoaderIcon className="animate-spin" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
