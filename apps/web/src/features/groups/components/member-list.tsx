import type { PersonSummary } from '@townsquare/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { personName } from '../../chat/chat-item.ts';

/** "1 member", "3 members". */
export const memberCountLabel = (count: number) => `${count} ${count === 1 ? 'member' : 'members'}`;

interface MemberListProps<T> {
  members: readonly T[];
  /** The person behind an entry (an entry may carry a role, a state, answers…). */
  person: (member: T) => PersonSummary;
  /** `chips`: faces and names in a wrap (a small group); `rows`: one line each, with tools. */
  layout: 'chips' | 'rows';
  /** Names the list when no heading does. */
  label?: string;
  /** Their own entry reads "You". */
  currentUserId?: string | undefined;
  /** Rows: under the name (a join request's answers). */
  detail?: (member: T) => ReactNode;
  /** Rows: at the end of the line (a role badge, the organisers' tools). */
  end?: (member: T) => ReactNode;
}

/**
 * The one member list of every kind of group: each member's face and name, the name linking to
 * their profile. A friend group and a sub-group show theirs as chips; a community, whose organisers
 * approve, promote and ban, as rows with the tools at the end.
 */
export function MemberList<T>({
  members,
  person,
  layout,
  label,
  currentUserId,
  detail,
  end,
}: MemberListProps<T>) {
  if (layout === 'chips') {
    return (
      <ul className="flex flex-wrap gap-1.5" aria-label={label}>
        {members.map((member) => {
          const p = person(member);
          return (
            <li
              key={p.id}
              className="inline-flex min-w-0 items-center gap-1.5 rounded-full border border-stone-200 bg-white py-0.5 pr-2.5 pl-0.5 text-sm text-stone-800"
            >
              <Avatar src={p.profileImage} alt="" className="size-6 ring-0" />
              <Link to={`/user/${p.id}`} className="truncate underline-offset-2 hover:underline">
                {p.id === currentUserId ? 'You' : personName(p)}
              </Link>
            </li>
          );
        })}
      </ul>
    );
  }
  return (
    <ul className="divide-y divide-stone-200" aria-label={label}>
      {members.map((member) => {
        const p = person(member);
        return (
          <li key={p.id} className="flex flex-wrap items-center gap-3 py-3">
            <Avatar src={p.profileImage} alt="" className="size-9" />
            <div className="min-w-48 flex-1">
              <Link
                to={`/user/${p.id}`}
                className="block font-medium text-stone-900 underline-offset-2 hover:underline"
              >
                {p.fullName || personName(p)}
              </Link>
              <span className="block text-sm break-all text-stone-600">@{p.username}</span>
              {detail?.(member)}
            </div>
            {end?.(member)}
          </li>
        );
      })}
    </ul>
  );
}
