import type { FriendsGoing as FriendsGoingDto } from '@townsquare/contracts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { cn } from '../../../lib/cn.ts';

type Friend = FriendsGoingDto['users'][number];

const nameOf = (friend: Friend) => friend.fullName || friend.username || 'A friend';

/**
 * "Ana is going", "Ana and Ben are going", "Ana, Ben and Cai are going", and from four friends on
 * "Ana, Ben and 3 other friends are going" (two names, the rest counted); empty when none is.
 */
export function friendsGoingText(friendsGoing: FriendsGoingDto | undefined): string {
  if (!friendsGoing || friendsGoing.total <= 0 || friendsGoing.users.length === 0) return '';
  const names = friendsGoing.users.map(nameOf);
  const { total } = friendsGoing;
  if (total === 1) return `${names[0]} is going`;
  if (total === 2 && names.length >= 2) return `${names[0]} and ${names[1]} are going`;
  if (total === 3 && names.length >= 3) return `${names[0]}, ${names[1]} and ${names[2]} are going`;
  const shown = names.slice(0, Math.min(2, names.length));
  const others = total - shown.length;
  return `${shown.join(', ')} and ${others} other ${others === 1 ? 'friend' : 'friends'} are going`;
}

/** The viewer's friends going to an event, with their pictures; nothing when none is. */
export function FriendsGoing({
  friendsGoing,
  className,
}: {
  friendsGoing: FriendsGoingDto | undefined;
  className?: string;
}) {
  const text = friendsGoingText(friendsGoing);
  if (!friendsGoing || !text) return null;
  return (
    <p className={cn('flex items-center gap-2 text-sm font-medium text-stone-800', className)}>
      {/* The names are in the sentence beside them: the pictures need no text of their own. */}
      <span className="flex shrink-0 -space-x-2" aria-hidden="true">
        {friendsGoing.users.map((friend) => (
          <Avatar key={friend.id} src={friend.profileImage} alt="" className="size-7" />
        ))}
      </span>
      <span className="min-w-0">{text}</span>
    </p>
  );
}
