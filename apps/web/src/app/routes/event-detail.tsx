import { CalendarHeart } from 'lucide-react';
import { ComingSoon } from './coming-soon.tsx';

export function EventDetailPage() {
  return (
    <ComingSoon
      title="Event"
      description="Everything about one event: when, where, who is going."
      icon={CalendarHeart}
      heading="Event pages are coming soon"
      backTo={{ to: '/', label: 'Back to home' }}
    >
      <p>
        Each event will have its own page with the date, place and cost, the attendee list, an event chat and
        sub-groups for carpools or teams.
      </p>
    </ComingSoon>
  );
}
