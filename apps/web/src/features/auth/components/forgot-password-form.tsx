import { zodResolver } from '@hookform/resolvers/zod';
import { emailField, MSG } from '@townsquare/contracts';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button.tsx';
import { MailSent } from '../../../components/ui/mail-sent.tsx';
import { SubmitForm } from '../../../components/ui/submit-form.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useForgotPassword } from '../api/forgot-password.ts';
import { EmailField } from './auth-fields.tsx';

const forgotSchema = z.object({ email: emailField });

export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const t = useT();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(forgotSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(({ email }) => forgot.mutate(email));

  if (forgot.isSuccess) {
    return (
      <MailSent
        className="space-y-5"
        title={t('auth.forgot.checkInbox')}
        after={
          <Button
            variant="secondary"
            className="w-full"
            onClick={() => {
              forgot.reset();
              reset({ email: '' });
            }}
          >
            {t('auth.forgot.tryAnother')}
          </Button>
        }
      >
        <p className="text-sm text-stone-700">{forgot.data?.message || MSG.forgotPasswordSent}</p>
        <p className="text-sm text-stone-700">{t('auth.forgot.linkValid')}</p>
      </MailSent>
    );
  }

  return (
    <SubmitForm
      onSubmit={onSubmit}
      error={forgot.isError ? errorMessage(forgot.error, t('auth.forgot.failed')) : null}
      busy={forgot.isPending}
      submitLabel={t('auth.forgot.submit')}
      busyLabel={t('auth.forgot.sending')}
      wide
    >
      <EmailField error={errors.email?.message} registration={register('email')} />
    </SubmitForm>
  );
}
