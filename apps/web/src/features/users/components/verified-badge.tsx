import { BadgeCheck } from 'lucide-react';
import { Badge } from '../../../components/ui/badge.tsx';
import { useT } from '../../../lib/i18n/intl.tsx';

/** Shown on accounts the Townsquare team has checked (the landing page's "Verified Communities"). */
export function VerifiedBadge() {
  const t = useT();
  return (
    <Badge tone="sky" icon={BadgeCheck} title={t('users.verified.title')}>
      {t('users.verified.label')}
    </Badge>
  );
}
