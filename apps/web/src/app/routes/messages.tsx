import { MessageCircle } from 'lucide-react';
import { ComingSoon } from './coming-soon.tsx';

export function MessagesPage() {
  return (
    <ComingSoon
      title="Messages"
      description="The town-wide group chat and your conversations."
      icon={MessageCircle}
      heading="Chat is coming soon"
    >
      <p>
        A general group chat for everyone on Townsquare will sit at the top of this page, followed by your
        direct conversations, delivered in real time.
      </p>
    </ComingSoon>
  );
}
