import { LIMITS } from '@townsquare/contracts/limits';
import type { ReactElement, ReactNode } from 'react';
import {
  type Control,
  Controller,
  type ControllerRenderProps,
  type FieldValues,
  type UseFormRegister,
} from 'react-hook-form';
import { type FieldControlProps, FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { TagInput } from '../../../components/ui/tag-input.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { useT } from '../../../lib/i18n/intl.tsx';
import { interestSuggestions } from '../interest-suggestions.ts';
import { INTEREST_MESSAGES, sanitizeUsername } from '../profile-schema.ts';
import { PhoneInput } from './phone-input.tsx';
import { ProfilePictureUpload } from './profile-picture-upload.tsx';

/*
 * The fields "Complete Your Profile" and the profile's edit mode share: picture, username, phone,
 * interests and bio, each bound to its form by name.
 */

/** What both profile forms hold under these names. */
interface ProfileFieldValues extends FieldValues {
  profileImage: string | null;
  username: string;
  phoneNumber: string;
  interests: string[];
  bio: string;
}

interface FieldProps<T extends ProfileFieldValues> {
  control: Control<T>;
  error?: string | undefined;
  disabled?: boolean;
}

/** The forms' own value types carry more fields; these controls only read the shared ones. */
const shared = <T extends ProfileFieldValues>(control: Control<T>) =>
  control as unknown as Control<ProfileFieldValues>;

type Controlled = 'username' | 'phoneNumber' | 'interests';

/** A labelled field whose control the form drives through a `Controller`. */
function ControlledField<T extends ProfileFieldValues, N extends Controlled>({
  control,
  name,
  label,
  hint,
  error,
  optional,
  render,
}: FieldProps<T> & {
  name: N;
  label: string;
  hint?: ReactNode;
  optional?: boolean;
  render: (ids: FieldControlProps, field: ControllerRenderProps<ProfileFieldValues, N>) => ReactElement;
}) {
  return (
    <FormField id={name} label={label} hint={hint} error={error} optional={optional}>
      {(ids) => (
        <Controller control={shared(control)} name={name} render={({ field }) => render(ids, field)} />
      )}
    </FormField>
  );
}

export function PictureField<T extends ProfileFieldValues>({
  control,
  disabled,
  onBusyChange,
}: FieldProps<T> & { onBusyChange: (busy: boolean) => void }) {
  return (
    <Controller
      control={shared(control)}
      name="profileImage"
      render={({ field }) => (
        <ProfilePictureUpload
          value={field.value}
          onChange={field.onChange}
          disabled={disabled}
          onBusyChange={onBusyChange}
        />
      )}
    />
  );
}

/** Lower-case letters, digits and underscores only, as the person types. */
export function UsernameField<T extends ProfileFieldValues>({
  control,
  error,
  hint,
  prefix,
}: FieldProps<T> & { hint?: ReactNode; prefix?: boolean }) {
  const t = useT();
  return (
    <ControlledField
      control={control}
      name="username"
      label={t('users.username')}
      hint={hint}
      error={error}
      render={(field, f) => {
        const input = (
          <Input
            {...field}
            name={f.name}
            ref={f.ref}
            value={f.value}
            onBlur={f.onBlur}
            onChange={(event) => f.onChange(sanitizeUsername(event.target.value))}
            autoCapitalize="none"
            autoComplete={prefix ? 'username' : undefined}
            spellCheck={false}
            maxLength={LIMITS.usernameMax}
            className={prefix ? 'pl-8' : undefined}
          />
        );
        return prefix ? (
          <div className="relative">
            <span className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-stone-600">
              @
            </span>
            {input}
          </div>
        ) : (
          input
        );
      }}
    />
  );
}

export function PhoneField<T extends ProfileFieldValues>({ control, error }: FieldProps<T>) {
  const t = useT();
  return (
    <ControlledField
      control={control}
      name="phoneNumber"
      label={t('users.phone')}
      optional
      error={error}
      render={(field, f) => (
        <PhoneInput {...field} ref={f.ref} value={f.value} onBlur={f.onBlur} onChange={f.onChange} />
      )}
    />
  );
}

export function InterestsField<T extends ProfileFieldValues>({
  control,
  error,
  disabled,
  hint,
  placeholder,
}: FieldProps<T> & { hint?: ReactNode; placeholder?: string }) {
  const t = useT();
  return (
    <ControlledField
      control={control}
      name="interests"
      label={t('users.interests')}
      hint={hint}
      error={error}
      render={(field, f) => (
        <TagInput
          {...field}
          value={f.value}
          onChange={f.onChange}
          suggestions={interestSuggestions()}
          minLength={LIMITS.interestMin}
          maxLength={LIMITS.interestMax}
          maxTags={LIMITS.interestsMax}
          messages={INTEREST_MESSAGES}
          placeholder={placeholder}
          disabled={disabled}
        />
      )}
    />
  );
}

export function BioField<T extends ProfileFieldValues>({
  register,
  error,
  placeholder,
}: {
  register: UseFormRegister<T>;
  error?: string | undefined;
  placeholder?: string;
}) {
  const t = useT();
  const bio = (register as unknown as UseFormRegister<ProfileFieldValues>)('bio');
  return (
    <FormField id="bio" label={t('users.bio')} optional error={error}>
      {(field) => <Textarea {...field} placeholder={placeholder} maxLength={LIMITS.bioMax} {...bio} />}
    </FormField>
  );
}
