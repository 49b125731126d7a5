import type { CommunityHost } from '@townsquare/contracts';
import { Link } from 'react-router';
import { VerifiedMark } from '../../../components/verified-mark.tsx';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/intl.tsx';

/** "Hosted by <community>", a link to its page, with the verified badge when the platform verified it. */
export function HostedBy({ community, className }: { community: CommunityHost; className?: string }) {
  const t = useT();
  return (
    <Link
      to={`/c/${community.slug}`}
      className={cn('inline-flex items-center gap-1 font-semibold text-brand-800 hover:underline', className)}
    >
      {t('events.hostedBy', { name: community.name })}
      <VerifiedMark
        verified={community.verified}
        label={t('events.verifiedCommunity')}
        className="size-4 shrink-0"
      />
    </Link>
  );
}
