import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { CheckboxField } from '../../../components/ui/checkbox.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { SubmitForm } from '../../../components/ui/submit-form.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { usePrerendering } from '../../../lib/prerendering.ts';
import { useLogin } from '../api/login.ts';
import { redirectTarget } from './route-guards.tsx';

const validation = lazyResolver(() => import('./auth-resolvers.ts').then((m) => m.loginResolver));

export function LoginForm() {
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const t = useT();
  // Shown as the spec asks; sessions already last until sign-out, so it changes nothing.
  const [rememberMe, setRememberMe] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: validation.resolver, defaultValues: { identifier: '', password: '' } });

  const onSubmit = handleSubmit(({ identifier, password }) => {
    login.mutate(
      { identifier, password },
      { onSuccess: () => navigate(redirectTarget(location.state), { replace: true }) },
    );
  });

  const busy = login.isPending;
  const prerendering = usePrerendering();
  return (
    <SubmitForm
      onSubmit={onSubmit}
      onFocus={validation.preload}
      error={login.isError ? errorMessage(login.error, t('auth.login.failed')) : null}
      busy={busy}
      disabled={prerendering}
      submitLabel={t('auth.login.submit')}
      busyLabel={t('auth.login.submitting')}
      wide
    >
      <FormField id="identifier" label={t('auth.login.identifier')} error={errors.identifier?.message}>
        {(field) => (
          <Input
            {...field}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...register('identifier')}
          />
        )}
      </FormField>
      <PasswordField
        label={t('auth.password')}
        error={errors.password?.message}
        registration={register('password')}
        autoComplete="current-password"
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckboxField
          id="rememberMe"
          label={t('auth.login.remember')}
          checked={rememberMe}
          onCheckedChange={setRememberMe}
          disabled={busy}
          labelClassName="font-medium"
        />
        <Link to="/forgot-password" className="text-sm font-semibold text-brand-800 hover:underline">
          {t('auth.login.forgot')}
        </Link>
      </div>
    </SubmitForm>
  );
}
