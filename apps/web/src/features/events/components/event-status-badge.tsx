import type { EventStatus } from '@townsquare/contracts';
import { Badge, type BadgeTone } from '../../../components/ui/badge.tsx';
import { useT } from '../../../lib/i18n/intl.tsx';

const TONE: Record<EventStatus, BadgeTone> = { DRAFT: 'amber', LIVE: 'emerald', PAST: 'neutral' };

export function EventStatusBadge({ status, className }: { status: EventStatus; className?: string }) {
  const t = useT();
  const known = status in TONE ? status : 'LIVE';
  return (
    <Badge tone={TONE[known]} className={className}>
      {t(`events.status.${known}`)}
    </Badge>
  );
}
