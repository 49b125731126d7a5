import { Users } from 'lucide-react';
import { ComingSoon } from './coming-soon.tsx';

export function FriendsPage() {
  return (
    <ComingSoon
      title="Friends"
      description="The people you know around town."
      icon={Users}
      heading="Friends are coming soon"
    >
      <p>
        You will be able to send and accept friend requests, see your friends list, message a friend in one
        click and gather friends into groups with their own chat.
      </p>
    </ComingSoon>
  );
}
