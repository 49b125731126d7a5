import { BadgeCheck } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';

/** Shown on accounts the Townsquare team has checked (the landing page's "Verified Communities"). */
export function VerifiedBadge() {
  return (
    <Badge tone="sky" title="Checked by the Townsquare team for safety and authenticity">
      <BadgeCheck className="size-3" aria-hidden="true" />
      Verified community
    </Badge>
  );
}
