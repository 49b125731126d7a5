import type { LucideIcon } from 'lucide-react';
import { MessagesSquare, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card.tsx';
import { EventChat } from '../../features/chat/components/event-chat.tsx';
import { EventSubgroups } from '../../features/groups/components/event-subgroups.tsx';
import { useT } from '../../lib/i18n/intl.tsx';

interface EventSocialPanelProps {
  eventId: string;
  isOrganizer: boolean;
}

function Section({
  id,
  title,
  icon: Icon,
  description,
  children,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby={id} className="space-y-4">
        <div className="space-y-1">
          <h2 id={id} className="flex items-center gap-2 text-lg font-semibold">
            <Icon className="size-5 text-brand-700" aria-hidden="true" />
            {title}
          </h2>
          <p className="text-sm text-stone-600">{description}</p>
        </div>
        {children}
      </section>
    </Card>
  );
}

/**
 * The social half of an event page: its chat and its sub-groups. Both are off when the event id
 * is missing (spec 5).
 */
export function EventSocialPanel({ eventId, isOrganizer }: EventSocialPanelProps) {
  const t = useT();
  if (!eventId) {
    return (
      <Card className="p-5 text-sm text-stone-700 sm:p-6">
        <p>{t('chat.social.unavailable')}</p>
      </Card>
    );
  }
  return (
    <div className="space-y-6">
      <Section
        id="event-chat-heading"
        title={t('chat.social.chatTitle')}
        icon={MessagesSquare}
        description={t('chat.social.chatDescription')}
      >
        <EventChat eventId={eventId} canModerate={isOrganizer} />
      </Section>
      <Section
        id="event-subgroups-heading"
        title={t('chat.social.subgroupsTitle')}
        icon={UsersRound}
        description={isOrganizer ? t('chat.social.subgroupsOrganizer') : t('chat.social.subgroups')}
      >
        <EventSubgroups eventId={eventId} isOrganizer={isOrganizer} />
      </Section>
    </div>
  );
}
