import { zodResolver } from '@hookform/resolvers/zod';
import type { SelfUser } from '@townsquare/contracts';
import { LIMITS } from '@townsquare/contracts/limits';
import { MSG } from '@townsquare/contracts/messages';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { TagInput } from '../../../components/ui/tag-input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useUpdateMe } from '../api/update-me.ts';
import { INTEREST_SUGGESTIONS } from '../interest-suggestions.ts';
import {
  INTEREST_MESSAGES,
  type ProfileEditValues,
  pendingEmailText,
  profileEditSchema,
  ROLE_REQUIRED_EDIT,
  sanitizeUsername,
} from '../profile-schema.ts';
import { PhoneInput } from './phone-input.tsx';
import { ProfilePictureUpload } from './profile-picture-upload.tsx';
import { RolePicker } from './role-picker.tsx';

interface ProfileEditFormProps {
  user: SelfUser;
  onDone: () => void;
}

/** Spec 2, Profile: the edit mode, with Cancel and Save Changes. */
export function ProfileEditForm({ user, onDone }: ProfileEditFormProps) {
  const update = useUpdateMe();
  const [uploading, setUploading] = useState(false);
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
      setError('currentPassword', { message: MSG.emailChangePasswordRequired });
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
          toast.success('Profile updated successfully', { duration: 3000 });
          if (emailChanging && updated.pendingEmail) {
            toast.info(`We sent a link to ${updated.pendingEmail}. Your email changes once you follow it.`);
          }
          onDone();
        },
        onError: (error) => toast.error(errorMessage(error, 'Failed to update profile')),
      },
    );
  });

  const busy = update.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <fieldset disabled={busy} className="space-y-6">
        <legend className="sr-only">Edit your profile</legend>
        <Controller
          control={control}
          name="profileImage"
          render={({ field }) => (
            <ProfilePictureUpload
              value={field.value}
              onChange={field.onChange}
              disabled={busy}
              onBusyChange={setUploading}
            />
          )}
        />
        <div className="grid gap-6 sm:grid-cols-2">
          <FormField id="fullName" label="Name" error={errors.fullName?.message}>
            {(field) => <Input {...field} autoComplete="name" {...register('fullName')} />}
          </FormField>
          <FormField id="username" label="Username" error={errors.username?.message}>
            {(field) => (
              <Controller
                control={control}
                name="username"
                render={({ field: f }) => (
                  <Input
                    {...field}
                    name={f.name}
                    ref={f.ref}
                    value={f.value}
                    onBlur={f.onBlur}
                    onChange={(event) => f.onChange(sanitizeUsername(event.target.value))}
                    autoCapitalize="none"
                    spellCheck={false}
                    maxLength={LIMITS.usernameMax}
                  />
                )}
              />
            )}
          </FormField>
          <FormField
            id="email"
            label="Email"
            error={errors.email?.message}
            hint={user.pendingEmail ? pendingEmailText(user.pendingEmail) : undefined}
          >
            {(field) => <Input {...field} type="email" autoComplete="email" {...register('email')} />}
          </FormField>
          {emailChanging ? (
            <FormField
              id="currentPassword"
              label="Current password"
              hint="Needed to change your email. We will send a confirmation link to the new address."
              error={errors.currentPassword?.message}
            >
              {(field) => (
                <Input
                  {...field}
                  type="password"
                  autoComplete="current-password"
                  {...register('currentPassword')}
                />
              )}
            </FormField>
          ) : null}
          <FormField id="phoneNumber" label="Phone" optional error={errors.phoneNumber?.message}>
            {(field) => (
              <Controller
                control={control}
                name="phoneNumber"
                render={({ field: f }) => (
                  <PhoneInput
                    {...field}
                    ref={f.ref}
                    value={f.value}
                    onBlur={f.onBlur}
                    onChange={f.onChange}
                  />
                )}
              />
            )}
          </FormField>
        </div>
        <FormField id="bio" label="Bio" optional error={errors.bio?.message}>
          {(field) => <Textarea {...field} maxLength={LIMITS.bioMax} {...register('bio')} />}
        </FormField>
        <FormField id="interests" label="Interests" error={errors.interests?.message}>
          {(field) => (
            <Controller
              control={control}
              name="interests"
              render={({ field: f }) => (
                <TagInput
                  {...field}
                  value={f.value}
                  onChange={f.onChange}
                  suggestions={INTEREST_SUGGESTIONS}
                  minLength={LIMITS.interestMin}
                  maxLength={LIMITS.interestMax}
                  maxTags={LIMITS.interestsMax}
                  messages={INTEREST_MESSAGES}
                  disabled={busy}
                />
              )}
            />
          )}
        </FormField>
        <div className="space-y-2.5">
          <Controller
            control={control}
            name="roles"
            render={({ field }) => (
              <RolePicker
                variant="checkboxes"
                legend="Roles"
                value={field.value}
                onChange={field.onChange}
                disabled={busy}
                invalid={noRoles}
                describedBy={noRoles ? 'roles-error' : undefined}
              />
            )}
          />
          <FieldError id="roles-error" message={noRoles ? ROLE_REQUIRED_EDIT : undefined} />
        </div>
      </fieldset>

      {update.isError ? (
        <Alert variant="error">{errorMessage(update.error, 'Failed to update profile')}</Alert>
      ) : null}

      <div className="flex flex-col-reverse gap-2 border-t border-stone-100 pt-5 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" loading={busy} disabled={noRoles || uploading}>
          {busy ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
