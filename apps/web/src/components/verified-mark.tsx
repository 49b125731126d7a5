import { BadgeCheck } from 'lucide-react';
import { cn } from '../lib/cn.ts';
import { useT } from '../lib/i18n/intl.tsx';

/** The mark after a community's name when the platform verified it: an image named "Verified community". */
export function VerifiedMark({
  verified,
  label,
  className,
}: {
  verified: boolean;
  /** What a screen reader says, when not "Verified community". */
  label?: string;
  className: string;
}) {
  const t = useT();
  if (!verified) return null;
  return (
    <BadgeCheck
      className={cn('text-brand-700', className)}
      role="img"
      aria-label={label ?? t('communities.card.verified')}
    />
  );
}
