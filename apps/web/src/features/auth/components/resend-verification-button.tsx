import { MSG } from '@townsquare/contracts/messages';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { Button, type ButtonVariantProps } from '../../../components/ui/button.tsx';
import { useResendVerification } from '../../../lib/api/resend-verification.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';

/** Sends the signed-in person a new verification link; a toast says it went, or why not. */
export function ResendVerificationButton({
  variant,
  size,
  children,
}: Omit<ButtonVariantProps, 'className'> & { children: ReactNode }) {
  const resend = useResendVerification();
  const t = useT();
  return (
    <Button
      size={size}
      variant={variant}
      loading={resend.isPending}
      onClick={() =>
        resend.mutate(undefined, {
          onSuccess: (data) => toast.success(data.message || MSG.verificationSent),
          onError: (error) => toast.error(errorMessage(error, t('auth.verify.resendFailed'))),
        })
      }
    >
      {children}
    </Button>
  );
}
