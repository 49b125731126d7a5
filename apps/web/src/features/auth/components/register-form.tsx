import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { usePrerendering } from '../../../lib/prerendering.ts';
import { useRegister } from '../api/register.ts';

const validation = lazyResolver(() => import('./auth-resolvers.ts').then((m) => m.registerResolver));

/** Spec 8: the response's error field, else its message, else "Registration failed". */
function registrationError(error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && error.status < 500) {
    // Our error bodies put the human sentence in `message`; `error` is only the reason phrase.
    return error.message || 'Registration failed';
  }
  if (error instanceof ApiError && error.status === 0) return error.message;
  return 'Registration failed';
}

export function RegisterForm() {
  const navigate = useNavigate();
  const registration = useRegister();
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
    <form onSubmit={onSubmit} onFocus={validation.preload} noValidate className="space-y-5">
      {registration.isError ? <Alert variant="error">{registrationError(registration.error)}</Alert> : null}
      <fieldset disabled={busy || prerendering} className="space-y-5">
        <FormField
          id="fullName"
          label="Full name"
          hint="Your name or your organisation's, e.g. Jane Smith or Riverside Running Club."
          error={errors.fullName?.message}
        >
          {(field) => <Input {...field} autoComplete="name" {...register('fullName')} />}
        </FormField>
        <FormField id="email" label="Email" error={errors.email?.message}>
          {(field) => <Input {...field} type="email" autoComplete="email" {...register('email')} />}
        </FormField>
        <FormField
          id="password"
          label="Password"
          hint="At least 8 characters."
          error={errors.password?.message}
        >
          {(field) => (
            <Input {...field} type="password" autoComplete="new-password" {...register('password')} />
          )}
        </FormField>
      </fieldset>
      <p className="text-sm text-stone-700">
        By creating an account you agree to our{' '}
        <Link to="/terms" className="font-semibold text-brand-800 underline underline-offset-2">
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link to="/privacy" className="font-semibold text-brand-800 underline underline-offset-2">
          Privacy Policy
        </Link>
        .
      </p>
      <Button type="submit" size="lg" className="w-full" loading={busy} disabled={prerendering}>
        {busy ? 'Registering...' : 'Create account'}
      </Button>
    </form>
  );
}
