import type { EventStatus } from '@townsquare/contracts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';

const LOOK: Record<EventStatus, { label: string; tone: BadgeTone }> = {
  DRAFT: { label: 'Draft', tone: 'amber' },
  LIVE: { label: 'Live', tone: 'emerald' },
  PAST: { label: 'Past', tone: 'neutral' },
};

export function EventStatusBadge({ status, className }: { status: EventStatus; className?: string }) {
  const { label, tone } = LOOK[status] ?? LOOK.LIVE;
  return (
    <Badge tone={tone} className={className}>
      {label}
    </Badge>
  );
}
