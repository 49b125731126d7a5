import { zodResolver } from '@hookform/resolvers/zod';
import type { PlaceCandidate, SelfUser } from '@townsquare/contracts';
import { lazy, Suspense, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { FailedAlert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/form-field.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useUpdateMe } from '../../../lib/api/update-me.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { type ProfileSetupValues, profileSetupSchema } from '../profile-schema.ts';
import { BioField, InterestsField, PhoneField, PictureField, UsernameField } from './profile-fields.tsx';
import { RolePicker } from './role-picker.tsx';

// The home city picker in a chunk of its own: the route's preload list stays short.
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
        toast.error(errorMessage(error, t('users.setup.homeCityFailed')));
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
        <PictureField control={control} disabled={busy} onBusyChange={setUploading} />
        <UsernameField
          control={control}
          hint={t('users.usernameHint')}
          error={errors.username?.message}
          prefix
        />

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

        <PhoneField control={control} error={errors.phoneNumber?.message} />
        <InterestsField
          control={control}
          error={errors.interests?.message}
          disabled={busy}
          hint={t('users.interestsHint')}
          placeholder={t('users.interestsPlaceholder')}
        />
        <BioField register={register} error={errors.bio?.message} placeholder={t('users.bioPlaceholder')} />

        <Suspense fallback={<Skeleton className="h-28 w-full" />}>
          <HomeCityPicker id="home-city" value={home} onChange={setHome} disabled={busy} />
        </Suspense>
      </fieldset>

      <FailedAlert failed={update} fallback={t('users.updateFailed')} />

      <Button type="submit" size="lg" className="w-full sm:w-auto" loading={busy} disabled={uploading}>
        {busy ? t('users.saving') : t('users.setup.submit')}
      </Button>
    </form>
  );
}
