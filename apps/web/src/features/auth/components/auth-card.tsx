import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

interface AuthCardProps {
  icon?: LucideIcon;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The narrow centred card every account screen (sign in, register, reset…) sits in. */
export function AuthCard({ icon: Icon, title, description, children, footer }: AuthCardProps) {
  return (
    <div className="mx-auto w-full max-w-md">
      <div className="rounded-3xl border border-stone-200/80 bg-white p-6 shadow-(--shadow-lift) sm:p-8">
        <div className="mb-6 space-y-2 text-center">
          {Icon ? (
            <span className="mx-auto mb-3 flex size-12 items-center justify-center rounded-2xl bg-brand-100 text-brand-800">
              <Icon className="size-6" aria-hidden="true" />
            </span>
          ) : null}
          <h1 className="font-display text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
          {description ? <p className="text-sm text-stone-700">{description}</p> : null}
        </div>
        {children}
      </div>
      {footer ? <div className="mt-6 text-center text-sm text-stone-700">{footer}</div> : null}
    </div>
  );
}
