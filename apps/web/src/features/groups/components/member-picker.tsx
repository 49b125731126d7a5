import { useId } from 'react';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FieldError } from '../../../components/ui/form-field.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useFriends } from '../../friends/api/get-friends.ts';

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
        <div className="space-y-2" role="status" aria-label="Loading friends">
          <Skeleton className="h-9" />
          <Skeleton className="h-9" />
        </div>
      ) : friends.isError ? (
        <p className="text-sm text-red-800">{errorMessage(friends.error, 'Failed to load friends')}</p>
      ) : offered.length === 0 ? (
        <p className="text-sm text-stone-600">
          {friends.data.length === 0
            ? 'You have no friends to choose from yet.'
            : 'All your friends are in already.'}
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
