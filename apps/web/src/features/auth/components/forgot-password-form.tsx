import { zodResolver } from '@hookform/resolvers/zod';
import { emailField, MSG } from '@townsquare/contracts';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useForgotPassword } from '../api/forgot-password.ts';

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
      <div className="space-y-5 text-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
          <MailCheck className="size-6" aria-hidden="true" />
        </span>
        <div role="status" className="space-y-2">
          <h2 className="text-lg font-semibold">{t('auth.forgot.checkInbox')}</h2>
          <p className="text-sm text-stone-700">{forgot.data?.message || MSG.forgotPasswordSent}</p>
          <p className="text-sm text-stone-700">{t('auth.forgot.linkValid')}</p>
        </div>
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
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      {forgot.isError ? (
        <Alert variant="error">{errorMessage(forgot.error, t('auth.forgot.failed'))}</Alert>
      ) : null}
      <fieldset disabled={forgot.isPending} className="space-y-5">
        <FormField id="email" label={t('auth.email')} error={errors.email?.message}>
          {(field) => <Input {...field} type="email" autoComplete="email" {...register('email')} />}
        </FormField>
      </fieldset>
      <Button type="submit" size="lg" className="w-full" loading={forgot.isPending}>
        {forgot.isPending ? t('auth.forgot.sending') : t('auth.forgot.submit')}
      </Button>
    </form>
  );
}
