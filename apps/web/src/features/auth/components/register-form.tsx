import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { SubmitForm } from '../../../components/ui/submit-form.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { translate, useT } from '../../../lib/i18n/intl.tsx';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { usePrerendering } from '../../../lib/prerendering.ts';
import { useRegister } from '../api/register.ts';
import { EmailField, NewPasswordField } from './auth-fields.tsx';

const validation = lazyResolver(() => import('./auth-resolvers.ts').then((m) => m.registerResolver));

/** Spec 8: the response's error field, else its message, else "Registration failed". */
function registrationError(error: unknown): string {
  const failed = translate('auth.register.failed');
  if (error instanceof ApiError && error.status > 0 && error.status < 500) {
    // Our error bodies put the human sentence in `message`; `error` is only the reason phrase.
    return errorMessage(error, failed) || failed;
  }
  if (error instanceof ApiError && error.status === 0) return error.message;
  return failed;
}

export function RegisterForm() {
  const navigate = useNavigate();
  const registration = useRegister();
  const t = useT();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: validation.resolver,
    defaultValues: { fullName: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    registration.mutate(
      { fullName: values.fullName.trim(), email: values.email.trim(), password: values.password },
      { onSuccess: () => navigate('/profile-setup') },
    );
  });

  const busy = registration.isPending;
  const prerendering = usePrerendering();
  return (
    <SubmitForm
      onSubmit={onSubmit}
      onFocus={validation.preload}
      error={registration.isError ? registrationError(registration.error) : null}
      busy={busy}
      disabled={prerendering}
      submitLabel={t('auth.register.submit')}
      busyLabel={t('auth.register.submitting')}
      wide
      between={<AgreeToTerms />}
    >
      <FormField
        id="fullName"
        label={t('auth.register.fullName')}
        hint={t('auth.register.fullNameHint')}
        error={errors.fullName?.message}
      >
        {(field) => <Input {...field} autoComplete="name" {...register('fullName')} />}
      </FormField>
      <EmailField error={errors.email?.message} registration={register('email')} />
      <NewPasswordField
        label={t('auth.password')}
        showRule
        error={errors.password?.message}
        registration={register('password')}
      />
    </SubmitForm>
  );
}

/** Registering agrees to the terms and the privacy policy: the sentence links to both. */
function AgreeToTerms() {
  const t = useT();
  return (
    <p className="text-sm text-stone-700">
      {t.rich('auth.register.agree', {
        terms: (chunks: ReactNode[]) => (
          <Link to="/terms" className="font-semibold text-brand-800 underline underline-offset-2">
            {chunks}
          </Link>
        ),
        privacy: (chunks: ReactNode[]) => (
          <Link to="/privacy" className="font-semibold text-brand-800 underline underline-offset-2">
            {chunks}
          </Link>
        ),
      })}
    </p>
  );
}
