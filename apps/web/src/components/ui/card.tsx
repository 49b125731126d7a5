import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** The card itself: white, rounded, softly shadowed. */
const CARD = 'rounded-(--radius-card) border border-stone-200/80 bg-white shadow-(--shadow-soft)';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn(CARD, className)} {...props} />;
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 p-5 sm:p-6', className)} {...props} />;
}

export function CardTitle({ className, ...props }: ComponentProps<'h2'>) {
  return <h2 className={cn('text-lg font-semibold tracking-tight text-stone-900', className)} {...props} />;
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cn('text-sm text-stone-600', className)} {...props} />;
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('px-5 pb-5 sm:px-6 sm:pb-6', className)} {...props} />;
}

/** The footer: a row of actions under a line. */
const FOOTER = 'flex flex-wrap items-center gap-3 border-t border-stone-100 px-5 py-4 sm:px-6';

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn(FOOTER, className)} {...props} />;
}

/** A settings card: its icon before the title, the line under it, then `children` as its content. */
export function IconCard({
  icon: Icon,
  title,
  description,
  contentClassName,
  children,
}: {
  icon: LucideIcon;
  title: ReactNode;
  description: ReactNode;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon className="size-5 text-brand-700" aria-hidden="true" />
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
