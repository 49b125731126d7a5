import { CalendarDays } from 'lucide-react';
import { ComingSoon } from './coming-soon.tsx';

export function EventsPage() {
  return (
    <ComingSoon
      title="Events"
      description="Meetups, workshops and clean-ups happening near you."
      icon={CalendarDays}
      heading="Events are on their way"
    >
      <p>
        Soon you will browse draft, live and past events here, create your own with a cover image and tags,
        and RSVP to what your neighbours are hosting.
      </p>
    </ComingSoon>
  );
}
