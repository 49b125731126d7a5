import { zodResolver } from '@hookform/resolvers/zod';
import { emailField, MSG } from '@townsquare/contracts';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { MailSent } from '../../../components/ui/mail-sent.tsx';
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
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {forgot.isError ? (
        <Alert variant="error">{errorMessage(forgot.error, t('auth.forgot.failed'))}</Alert>
      ) : null}
      <fieldset disabled={forgot.isPending} className="space-y-5">
        <EmailField error={errors.email?.message} registration={register('email')} />
      </fieldset>
      <Button type="submit" size="lg" className="w-full" loading={forgot.isPending}>
        {forgot.isPending ? t('auth.forgot.sending') : t('auth.forgot.submit')}
      </Button>
    </form>
  );
}
