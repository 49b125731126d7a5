import { CircleX } from 'lucide-react';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';

/** A guest's e-mail link that did not work: missing its token, used, expired or made up. */
export function GuestLinkFailed({ token, error }: { token: string | null; error: unknown }) {
  const t = useT();
  return (
    <div className="space-y-4">
      <CircleX className="mx-auto size-12 text-red-700" aria-hidden="true" />
      <h1 className="font-display text-2xl font-semibold">{t('guests.linkFailed.title')}</h1>
      <p role="alert" className="text-stone-700">
        {token ? errorMessage(error, t('guests.linkFailed.invalid')) : t('guests.linkFailed.noToken')}
      </p>
    </div>
  );
}
