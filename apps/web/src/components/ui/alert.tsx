import { cva, type VariantProps } from 'class-variance-authority';
import { AlertTriangle, CheckCircle2, Info, RefreshCw, XCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';

const alertVariants = cva('flex gap-3 rounded-xl border px-4 py-3 text-sm', {
  variants: {
    variant: {
      info: 'border-sky-200 bg-sky-50 text-sky-900',
      success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
      warning: 'border-amber-300 bg-amber-50 text-amber-950',
      error: 'border-red-200 bg-red-50 text-red-900',
    },
  },
  defaultVariants: { variant: 'info' },
});

const icons = { info: Info, success: CheckCircle2, warning: AlertTriangle, error: XCircle } as const;

interface AlertProps extends ComponentProps<'div'>, VariantProps<typeof alertVariants> {
  title?: string;
}

/** Errors are announced at once (role="alert"); the other kinds politely (role="status"). */
export function Alert({ className, variant, title, children, ...props }: AlertProps) {
  const kind = variant ?? 'info';
  const Icon = icons[kind];
  return (
    <div
      role={kind === 'error' ? 'alert' : 'status'}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 space-y-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className="leading-relaxed">{children}</div> : null}
      </div>
    </div>
  );
}

/** What a failed query or mutation says (else `fallback`) as an error Alert; nothing until it fails. */
export function FailedAlert({
  failed,
  fallback,
}: {
  failed: { isError: boolean; error: unknown };
  fallback: string;
}) {
  return failed.isError ? <Alert variant="error">{errorMessage(failed.error, fallback)}</Alert> : null;
}

/** A query that failed to load: `message` as an error Alert and a button that asks again. */
export function LoadFailedRetry({
  message,
  retryLabel,
  query,
}: {
  message: string;
  retryLabel: string;
  query: { refetch: () => unknown; isFetching: boolean };
}) {
  return (
    <div className="space-y-4">
      <Alert variant="error">{message}</Alert>
      <Button variant="secondary" onClick={() => query.refetch()} loading={query.isFetching}>
        <RefreshCw aria-hidden="true" />
        {retryLabel}
      </Button>
    </div>
  );
}
