import { zodResolver } from '@hookform/resolvers/zod';
import type { PlaceCandidate, SelfUser } from '@townsquare/contracts';
import { LIMITS } from '@townsquare/contracts/limits';
import { lazy, Suspense, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TagInput } from '../../../components/ui/tag-input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useUpdateMe } from '../api/update-me.ts';
import { INTEREST_SUGGESTIONS } from '../interest-suggestions.ts';
import {
  INTEREST_MESSAGES,
  type ProfileSetupValues,
  profileSetupSchema,
  sanitizeUsername,
} from '../profile-schema.ts';
import { PhoneInput } from './phone-input.tsx';
import { ProfilePictureUpload } from './profile-picture-upload.tsx';
import { RolePicker } from './role-picker.tsx';

// The home city picker (issue 22) in a chunk of its own: the route's preload list stays short.
const HomeCityPicker = lazy(() =>
  import('../../places/components/home-city-picker.tsx').then((m) => ({ default: m.HomeCityPicker })),
);

/** Spec 2 and 5, "Complete Your Profile". */
export function ProfileSetupForm({ user }: { user: SelfUser }) {
  const navigate = useNavigate();
  const update = useUpdateMe();
  const t = useT();
  const [uploading, setUploading] = useState(false);
  const {
    control,
    handleSubmit,
    register,
    formState: { errors },
  } = useForm<ProfileSetupValues>({
    resolver: zodResolver(profileSetupSchema),
    defaultValues: {
      username: user.username ?? '',
      roles: user.roles.length > 0 ? user.roles : ['Member'],
      phoneNumber: user.phoneNumber.replace(/\D/g, '').slice(0, 10),
      interests: user.interests,
      bio: user.bio,
      profileImage: user.profileImage,
    },
  });

  const [home, setHome] = useState<PlaceCandidate | null>(user.homePlace ?? null);
  const [savingHome, setSavingHome] = useState(false);

  const onSubmit = handleSubmit(async (values) => {
    // The home city is saved as a place first (one shared place per city); only its id is sent.
    let homePlaceId: string | undefined;
    if (home) {
      setSavingHome(true);
      try {
        const { savePlace } = await import('../../places/api/save-place.ts');
        homePlaceId = (await savePlace(home)).id;
      } catch (error) {
        toast.error(errorMessage(error, 'Could not save your home city'));
        return;
      } finally {
        setSavingHome(false);
      }
    }
    update.mutate(
      {
        ...(homePlaceId ? { homePlaceId } : {}),
        username: values.username,
        fullName: user.fullName,
        email: user.email,
        roles: values.roles,
        interests: values.interests,
        bio: values.bio.trim(),
        phoneNumber: values.phoneNumber,
        profileImage: values.profileImage,
      },
      {
        onSuccess: () => {
          toast.success(t('users.setup.ready'));
          navigate('/dashboard', { replace: true });
        },
        onError: (error) => toast.error(errorMessage(error, t('users.updateFailed'))),
      },
    );
  });

  const busy = update.isPending || savingHome;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-7">
      <fieldset disabled={busy} className="space-y-7">
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

        <FormField
          id="username"
          label={t('users.username')}
          hint={t('users.usernameHint')}
          error={errors.username?.message}
        >
          {(field) => (
            <Controller
              control={control}
              name="username"
              render={({ field: f }) => (
                <div className="relative">
                  <span className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-stone-600">
                    @
                  </span>
                  <Input
                    {...field}
                    name={f.name}
                    ref={f.ref}
                    value={f.value}
                    onBlur={f.onBlur}
                    onChange={(event) => f.onChange(sanitizeUsername(event.target.value))}
                    autoCapitalize="none"
                    autoComplete="username"
                    spellCheck={false}
                    maxLength={LIMITS.usernameMax}
                    className="pl-8"
                  />
                </div>
              )}
            />
          )}
        </FormField>

        <div className="space-y-2">
          <Controller
            control={control}
            name="roles"
            render={({ field }) => (
              <RolePicker
                variant="cards"
                legend={t('users.rolesLegend')}
                hint={t('users.rolesHint')}
                value={field.value}
                onChange={field.onChange}
                disabled={busy}
                invalid={Boolean(errors.roles)}
                describedBy={errors.roles ? 'roles-error' : undefined}
              />
            )}
          />
          <FieldError id="roles-error" message={errors.roles?.message} />
        </div>

        <FormField id="phoneNumber" label={t('users.phone')} optional error={errors.phoneNumber?.message}>
          {(field) => (
            <Controller
              control={control}
              name="phoneNumber"
              render={({ field: f }) => (
                <PhoneInput {...field} ref={f.ref} value={f.value} onBlur={f.onBlur} onChange={f.onChange} />
              )}
            />
          )}
        </FormField>

        <FormField
          id="interests"
          label={t('users.interests')}
          hint={t('users.interestsHint')}
          error={errors.interests?.message}
        >
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
                  placeholder={t('users.interestsPlaceholder')}
                  disabled={busy}
                />
              )}
            />
          )}
        </FormField>

        <FormField id="bio" label={t('users.bio')} optional error={errors.bio?.message}>
          {(field) => (
            <Textarea
              {...field}
              placeholder={t('users.bioPlaceholder')}
              maxLength={LIMITS.bioMax}
              {...register('bio')}
            />
          )}
        </FormField>

        <Suspense fallback={<Skeleton className="h-28 w-full" />}>
          <HomeCityPicker id="home-city" value={home} onChange={setHome} disabled={busy} />
        </Suspense>
      </fieldset>

      {update.isError ? (
        <Alert variant="error">{errorMessage(update.error, t('users.updateFailed'))}</Alert>
      ) : null}

      <Button type="submit" size="lg" className="w-full sm:w-auto" loading={busy} disabled={uploading}>
        {busy ? t('users.saving') : t('users.setup.submit')}
      </Button>
    </form>
  );
}
