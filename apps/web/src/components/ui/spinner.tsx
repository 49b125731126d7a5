import { cn } from '../../lib/cn.ts';
import { useT } from '../../lib/i18n/intl.tsx';
import { LoaderIcon } from './shell-icons.tsx';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  const t = useT();
  return (
    <span role="status" className="inline-flex items-center gap-2">
      <LoaderIcon className={cn('size-5 animate-spin text-brand-700', className)} aria-hidden="true" />
      <span className="sr-only">{label ?? t('common.loading')}</span>
    </span>
  );
}

/** Centred spinner for a whole page or panel while its data or code loads. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner className="size-8" label={label} />
    </div>
  );
}
