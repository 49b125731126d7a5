import { MailWarning } from 'lucide-react';
import type { ReactNode } from 'react';
import { useT } from '../../../lib/i18n/intl.tsx';
import { ResendVerificationButton } from './resend-verification-button.tsx';

/** Reminds a signed-in user whose address is not verified yet, with a resend button. */
export function VerifyEmailBanner({ email }: { email: string }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:flex-row sm:items-center">
      <MailWarning className="size-5 shrink-0" aria-hidden="true" />
      <p className="flex-1 text-sm">
        {t.rich('auth.verify.banner', {
          b: (chunks: ReactNode[]) => <strong className="font-semibold">{chunks}</strong>,
          email: () => <span className="break-all">{email}</span>,
        })}
      </p>
      <ResendVerificationButton size="sm" variant="secondary">
        {t('auth.verify.resend')}
      </ResendVerificationButton>
    </div>
  );
}
