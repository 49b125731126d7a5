import type { SessionSummary } from '@townsquare/contracts';
import { Laptop, LogOut } from 'lucide-react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { IconCard } from '../../../components/ui/card.tsx';
import { LoadingSkeletons } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatCardDate, formatTime } from '../../../lib/format.ts';
import { translate, useT } from '../../../lib/i18n/intl.tsx';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions.ts';
import { describeDevice } from '../device.ts';

const lastUsed = (value: string) =>
  translate('auth.sessions.lastUsed', { date: formatCardDate(value), time: formatTime(value) });

function SessionRow({ session }: { session: SessionSummary }) {
  const end = useEndSession();
  const t = useT();
  const device = describeDevice(session.userAgent);
  const signOut = () =>
    end.mutate(session.id, {
      onSuccess: (result) => toast.success(result.message),
      onError: (error) => toast.error(errorMessage(error, t('auth.sessions.endFailed'))),
    });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="flex items-center gap-2 font-medium text-stone-900">
          <span>{device}</span>
          {session.current ? <Badge tone="emerald">{t('auth.sessions.thisDevice')}</Badge> : null}
        </p>
        <p className="text-sm text-stone-600">
          {session.ip ? `${session.ip} · ` : ''}
          {lastUsed(session.lastUsedAt)}
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="secondary"
          size="sm"
          onClick={signOut}
          loading={end.isPending}
          aria-label={t('auth.sessions.signOutDevice', { device })}
        >
          {t('auth.sessions.signOut')}
        </Button>
      )}
    </li>
  );
}

/** /settings → Where you're signed in: every live session, with "Sign out" for the others. */
export function SessionsCard() {
  const sessions = useSessions();
  const t = useT();
  const endOthers = useEndOtherSessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;
  const signOutOthers = () =>
    endOthers.mutate(undefined, {
      onSuccess: (result) => toast.success(result.message),
      onError: (error) => toast.error(errorMessage(error, t('auth.sessions.endOthersFailed'))),
    });
  return (
    <IconCard
      icon={Laptop}
      title={t('auth.sessions.title')}
      description={t('auth.sessions.description')}
      contentClassName="space-y-4"
    >
      {sessions.isPending ? (
        <LoadingSkeletons
          className="space-y-3"
          aria-busy="true"
          label={t('auth.sessions.loading')}
          count={2}
          barClassName="h-10 w-full"
        />
      ) : sessions.isError ? (
        <Alert variant="error">{errorMessage(sessions.error, t('auth.sessions.loadFailed'))}</Alert>
      ) : (
        <ul className="divide-y divide-stone-200" aria-label={t('auth.sessions.devices')}>
          {sessions.data.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
      {others > 0 ? (
        <Button
          variant="secondary"
          // Longer in other languages: it wraps rather than run off a phone screen.
          className="h-auto min-h-10 max-w-full py-2 whitespace-normal"
          onClick={signOutOthers}
          loading={endOthers.isPending}
        >
          <LogOut aria-hidden="true" />
          {t('auth.sessions.signOutOthers')}
        </Button>
      ) : null}
    </IconCard>
  );
}
