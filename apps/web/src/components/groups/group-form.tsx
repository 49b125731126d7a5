import { CHAT_LIMITS } from '@townsquare/contracts';
import { type ComponentProps, type FormEvent, useId, useState } from 'react';
import { useFriends } from '../../lib/api/get-friends.ts';
import { errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { translate, useT } from '../../lib/i18n/intl.tsx';
import { Avatar } from '../ui/avatar.tsx';
import { Button } from '../ui/button.tsx';
import { Checkbox } from '../ui/checkbox.tsx';
import { TitledDialog } from '../ui/dialog.tsx';
import { FieldError, FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { LoadingSkeletons } from '../ui/skeleton.tsx';

/*
 * The parts every kind of group's forms share: its name, its members (chosen from the user's
 * friends), Cancel and submit.
 */

/** A group's name as typed, trimmed, or why it cannot be one (every kind needs a non-blank name). */
export function checkGroupName(typed: string): { name: string; error?: undefined } | { error: string } {
  const name = typed.trim();
  return name ? { name } : { error: translate('groups.nameRequired') };
}

/**
 * A group's name being typed: `field` goes to `GroupNameField` (typing clears the error), and
 * `check()` gives the trimmed name, or shows why it cannot be one and gives undefined.
 */
export function useGroupNameInput(initial = '') {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string>();
  return {
    field: {
      value: name,
      error,
      onChange: (next: string) => {
        setName(next);
        setError(undefined);
      },
    },
    check: (): string | undefined => {
      const checked = checkGroupName(name);
      if (checked.error !== undefined) setError(checked.error);
      return checked.error === undefined ? checked.name : undefined;
    },
  };
}

/** The name field of every kind of group: creating one, or renaming it. */
export function GroupNameField({
  label,
  value,
  onChange,
  error,
  placeholder,
  autoFocus,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  placeholder?: string;
  autoFocus?: boolean;
  className?: string;
}) {
  const id = useId();
  return (
    <FormField id={`${id}-name`} label={label} error={error} className={className}>
      {(control) => (
        <Input
          {...control}
          autoFocus={autoFocus}
          value={value}
          maxLength={CHAT_LIMITS.groupNameMax}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FormField>
  );
}

/**
 * A group's form in a dialog (creating a friend group, adding members to one): `trigger` opens it,
 * Cancel closes it, and the submit button is busy while `pending`.
 */
export function GroupFormDialog({
  onSubmit,
  submitLabel,
  pending,
  children,
  ...dialog
}: Omit<ComponentProps<typeof TitledDialog>, 'className' | 'open' | 'onOpenChange'> & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (event: FormEvent) => void;
  submitLabel: string;
  pending: boolean;
}) {
  return (
    <TitledDialog {...dialog}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        {children}
        <GroupFormActions
          className="mt-6"
          submitLabel={submitLabel}
          pending={pending}
          onCancel={() => dialog.onOpenChange(false)}
        />
      </form>
    </TitledDialog>
  );
}

/** Cancel and the submit button of a group's form (creating one, adding members). */
export function GroupFormActions({
  submitLabel,
  pending,
  onCancel,
  size,
  className,
}: {
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
  size?: 'sm';
  className?: string;
}) {
  const t = useT();
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>
      <Button variant="secondary" size={size} onClick={onCancel} disabled={pending}>
        {t('groups.cancel')}
      </Button>
      <Button type="submit" size={size} loading={pending}>
        {submitLabel}
      </Button>
    </div>
  );
}

interface MemberPickerProps {
  legend: string;
  value: string[];
  onChange: (ids: string[]) => void;
  /** Friends not offered (already members). */
  exclude?: readonly string[];
  error?: string | undefined;
  disabled?: boolean;
}

/** The one member picker: members of any kind of group are chosen from the user's friends (spec 6), one checkbox each. */
export function MemberPicker({ legend, value, onChange, exclude = [], error, disabled }: MemberPickerProps) {
  const friends = useFriends();
  const t = useT();
  const baseId = useId();
  const errorId = `${baseId}-error`;
  const offered = (friends.data ?? []).filter((f) => !exclude.includes(f.id));

  function toggle(id: string, checked: boolean) {
    onChange(checked ? [...value, id] : value.filter((v) => v !== id));
  }

  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-semibold text-stone-800">{legend}</legend>
      {friends.isPending ? (
        <LoadingSkeletons className="space-y-2" label={t('friends.loading')} count={2} barClassName="h-9" />
      ) : friends.isError ? (
        <p className="text-sm text-red-800">{errorMessage(friends.error, t('friends.loadFailed'))}</p>
      ) : offered.length === 0 ? (
        <p className="text-sm text-stone-600">
          {friends.data.length === 0 ? t('groups.picker.noFriends') : t('groups.picker.allIn')}
        </p>
      ) : (
        <ul className="max-h-56 space-y-1 overflow-y-auto rounded-xl border border-stone-200 p-1.5">
          {offered.map((friend) => {
            const id = `${baseId}-${friend.id}`;
            return (
              <li key={friend.id}>
                <label
                  htmlFor={id}
                  className="flex cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-stone-50"
                >
                  <Checkbox
                    id={id}
                    checked={value.includes(friend.id)}
                    disabled={disabled}
                    onCheckedChange={(checked) => toggle(friend.id, checked === true)}
                  />
                  <Avatar src={friend.profileImage} alt="" className="size-7 ring-0" />
                  <span className="min-w-0 truncate text-sm font-medium text-stone-900">
                    {friend.username}
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
