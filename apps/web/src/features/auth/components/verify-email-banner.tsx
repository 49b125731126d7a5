import { MSG } from '@townsquare/contracts/messages';
import { MailWarning } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useResendVerification } from '../api/resend-verification.ts';

/** Reminds a signed-in user whose address is not verified yet, with a resend button. */
export function VerifyEmailBanner({ email }: { email: string }) {
  const resend = useResendVerification();
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
      <Button
        size="sm"
        variant="secondary"
        loading={resend.isPending}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: (data) => toast.success(data.message || MSG.verificationSent),
            onError: (error) => toast.error(errorMessage(error, t('auth.verify.resendFailed'))),
          })
        }
      >
        {t('auth.verify.resend')}
      </Button>
    </div>
  );
}
