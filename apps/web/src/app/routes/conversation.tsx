import { MessagesSquare } from 'lucide-react';
import { ComingSoon } from './coming-soon.tsx';

export function ConversationPage() {
  return (
    <ComingSoon
      title="Conversation"
      description="A direct conversation with another member."
      icon={MessagesSquare}
      heading="Direct messages are coming soon"
      backTo={{ to: '/messages', label: 'Back to Messages' }}
    >
      <p>
        Private one-to-one chats, with new messages appearing as they are sent, arrive in an upcoming release.
      </p>
    </ComingSoon>
  );
}
