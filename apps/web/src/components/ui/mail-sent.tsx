import { MailCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * "Check your e-mail": the envelope, then a status the screen reader reads (the `title` heading and
 * the lines in `children`). `after` stands below it (a button to start again, say).
 */
export function MailSent({
  title,
  children,
  after,
  className,
}: {
  title: ReactNode;
  children: ReactNode;
  after?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('text-center', className)}>
      <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
        <MailCheck className="size-6" aria-hidden="true" />
      </span>
      <div role="status" className="space-y-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {children}
      </div>
      {after}
    </div>
  );
}
