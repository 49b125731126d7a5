import { zodResolver } from '@hookform/resolvers/zod';
import type { SelfUser } from '@townsquare/contracts';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { FailedAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { useUpdateMe } from '../../../lib/api/update-me.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { type ProfileEditValues, profileEditSchema } from '../profile-schema.ts';
import { BioField, InterestsField, PhoneField, PictureField, UsernameField } from './profile-fields.tsx';
import { RolePicker } from './role-picker.tsx';

interface ProfileEditFormProps {
  user: SelfUser;
  onDone: () => void;
}

/** Spec 2, Profile: the edit mode, with Cancel and Save Changes. */
export function ProfileEditForm({ user, onDone }: ProfileEditFormProps) {
  const update = useUpdateMe();
  const [uploading, setUploading] = useState(false);
  const t = useT();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ProfileEditValues>({
    resolver: zodResolver(profileEditSchema),
    defaultValues: {
      fullName: user.fullName,
      username: user.username ?? '',
      email: user.email,
      roles: user.roles,
      phoneNumber: user.phoneNumber.replace(/\D/g, '').slice(0, 10),
      interests: user.interests,
      bio: user.bio,
      profileImage: user.profileImage,
      currentPassword: '',
    },
  });
  const roles = useWatch({ control, name: 'roles' });
  const noRoles = roles.length === 0;
  // A new address needs the current password; the account keeps the old one until it is confirmed.
  const typedEmail = useWatch({ control, name: 'email' });
  const emailChanging = typedEmail.trim().toLowerCase() !== user.email;

  const onSubmit = handleSubmit((values) => {
    if (emailChanging && !values.currentPassword) {
      setError('currentPassword', { message: 'users.edit.passwordRequired' });
      return;
    }
    update.mutate(
      {
        fullName: values.fullName,
        username: values.username,
        email: values.email,
        ...(emailChanging ? { currentPassword: values.currentPassword } : {}),
        roles: values.roles,
        interests: values.interests,
        bio: values.bio.trim(),
        phoneNumber: values.phoneNumber,
        profileImage: values.profileImage,
      },
      {
        onSuccess: (updated) => {
          toast.success(t('users.edit.updated'), { duration: 3000 });
          if (emailChanging && updated.pendingEmail) {
            toast.info(t('users.edit.linkSent', { address: updated.pendingEmail }));
          }
          onDone();
        },
        onError: (error) => toast.error(errorMessage(error, t('users.updateFailed'))),
      },
    );
  });

  const busy = update.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <fieldset disabled={busy} className="space-y-6">
        <legend className="sr-only">{t('users.edit.legend')}</legend>
        <PictureField control={control} disabled={busy} onBusyChange={setUploading} />
        <div className="grid gap-6 sm:grid-cols-2">
          <FormField id="fullName" label={t('users.edit.name')} error={errors.fullName?.message}>
            {(field) => <Input {...field} autoComplete="name" {...register('fullName')} />}
          </FormField>
          <UsernameField control={control} error={errors.username?.message} />
          <FormField
            id="email"
            label={t('users.email')}
            error={errors.email?.message}
            hint={user.pendingEmail ? t('users.pendingEmail', { address: user.pendingEmail }) : undefined}
          >
            {(field) => <Input {...field} type="email" autoComplete="email" {...register('email')} />}
          </FormField>
          {emailChanging ? (
            <PasswordField
              label={t('users.password.current')}
              hint={t('users.edit.passwordHint')}
              error={errors.currentPassword?.message}
              registration={register('currentPassword')}
              autoComplete="current-password"
            />
          ) : null}
          <PhoneField control={control} error={errors.phoneNumber?.message} />
        </div>
        <BioField register={register} error={errors.bio?.message} />
        <InterestsField control={control} error={errors.interests?.message} disabled={busy} />
        <div className="space-y-2.5">
          <Controller
            control={control}
            name="roles"
            render={({ field }) => (
              <RolePicker
                variant="checkboxes"
                legend={t('users.edit.roles')}
                value={field.value}
                onChange={field.onChange}
                disabled={busy}
                invalid={noRoles}
                describedBy={noRoles ? 'roles-error' : undefined}
              />
            )}
          />
          <FieldError id="roles-error" message={noRoles ? 'users.edit.rolesRequired' : undefined} />
        </div>
      </fieldset>

      <FailedAlert failed={update} fallback={t('users.updateFailed')} />

      <div className="flex flex-col-reverse gap-2 border-t border-stone-100 pt-5 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          {t('users.cancel')}
        </Button>
        <Button type="submit" loading={busy} disabled={noRoles || uploading}>
          {busy ? t('users.saving') : t('users.edit.save')}
        </Button>
      </div>
    </form>
  );
}
