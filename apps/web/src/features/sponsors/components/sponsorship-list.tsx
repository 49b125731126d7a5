import type { Sponsorship } from '@townsquare/contracts';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { formatAmount, useSponsorshipAction } from '../api/sponsors.ts';

/**
 * Sponsorships with what the caller may do to each (`can`, the server's policy floor): accept,
 * decline, withdraw, mark received, end. `side` names the other party in each row.
 */
export function SponsorshipList({
  sponsorships,
  side,
}: {
  sponsorships: Sponsorship[];
  side: 'business' | 'community';
}) {
  const t = useT();
  const act = useSponsorshipAction();
  if (sponsorships.length === 0)
    return <p className="text-sm text-stone-700">{t('sponsors.proposals.none')}</p>;
  return (
    <ul className="space-y-3">
      {sponsorships.map((s) => (
        <li key={s.id} className="rounded-xl border border-stone-200 bg-white p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="font-semibold text-stone-900">
              {side === 'community' ? s.sponsor.name : s.community.name} · {s.package.name}
            </p>
            <Badge tone="neutral">{t(`sponsors.state.${s.state}`)}</Badge>
          </div>
          <p className="text-sm text-stone-700">
            {t('sponsors.proposals.period', { from: s.startsOn, until: s.endsOn })}
            {s.amountMinor !== null && s.currency
              ? ` · ${formatAmount(s.amountMinor, s.currency)}`
              : ` · ${t('sponsors.contribution.in_kind')}`}
          </p>
          {s.message ? <p className="mt-1 whitespace-pre-line text-sm text-stone-800">{s.message}</p> : null}
          {s.can.length > 0 ? (
            <div className="mt-2 flex flex-wrap gap-2">
              {s.can.map((action) => (
                <Button
                  key={action}
                  size="sm"
                  variant={action === 'accept' || action === 'received' ? 'primary' : 'secondary'}
                  loading={act.isPending && act.variables?.id === s.id && act.variables.action === action}
                  onClick={() =>
                    act.mutate(
                      { id: s.id, action },
                      { onError: (error) => toast.error(errorMessage(error, t('sponsors.failed'))) },
                    )
                  }
                  aria-label={t(`sponsors.action.${action}.label`, {
                    name: side === 'community' ? s.sponsor.name : s.community.name,
                  })}
                >
                  {t(`sponsors.action.${action}`)}
                </Button>
              ))}
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
