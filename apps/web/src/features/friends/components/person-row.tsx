import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/intl.tsx';

interface PersonRowProps {
  person: { id: string; username: string; fullName: string; profileImage: string | null };
  online?: boolean;
  actions?: ReactNode;
  className?: string;
}

/** A person in a friends list: picture (with an online dot), name to their profile, and actions. */
export function PersonRow({ person, online, actions, className }: PersonRowProps) {
  const t = useT();
  return (
    <li
      className={cn(
        'flex min-w-0 flex-wrap items-center gap-3 rounded-xl border border-stone-200 bg-white p-3 sm:flex-nowrap',
        className,
      )}
    >
      <span className="relative shrink-0">
        <Avatar src={person.profileImage} alt="" className="size-11 ring-0" />
        {online ? (
          <span
            className="absolute right-0 bottom-0 size-3 rounded-full bg-emerald-500 ring-2 ring-white"
            aria-hidden="true"
          />
        ) : null}
      </span>
      <div className="min-w-0 flex-1">
        <Link
          to={`/user/${person.id}`}
          className="block truncate font-semibold text-stone-900 hover:text-brand-800 hover:underline"
        >
          {person.username}
        </Link>
        <p className="truncate text-sm text-stone-600">
          {person.fullName !== person.username ? person.fullName : null}
          {online ? (
            <span className="text-emerald-800">
              {person.fullName !== person.username ? ' · ' : ''}
              {t('friends.online')}
            </span>
          ) : null}
        </p>
      </div>
      {actions ? <div className="flex w-full flex-wrap gap-2 sm:w-auto sm:justify-end">{actions}</div> : null}
    </li>
  );
}
