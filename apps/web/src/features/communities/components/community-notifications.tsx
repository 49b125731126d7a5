import type { Community } from '@townsquare/contracts';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import {
  type CommunityEventNotifications,
  useSetCommunityNotifications,
  viewerEventNotifications,
} from '../api/set-community-notifications.ts';

const CHOICES: { value: CommunityEventNotifications; label: string }[] = [
  { value: 'all', label: 'communities.notify.all' },
  { value: 'none', label: 'communities.notify.none' },
];

/** A member's "Notify me about new events: all / none", saved as soon as it changes. */
export function CommunityNotifications({ community }: { community: Community }) {
  const t = useT();
  const current = viewerEventNotifications(community);
  const save = useSetCommunityNotifications(community.slug);
  const name = useId();
  const shown = save.isPending && save.variables ? save.variables : current;

  function choose(events: CommunityEventNotifications) {
    if (events === current) return;
    save.mutate(events, {
      onSuccess: () =>
        toast.success(events === 'all' ? t('communities.notify.on') : t('communities.notify.off')),
      onError: (error) => toast.error(errorMessage(error, t('communities.notify.failed'))),
    });
  }

  return (
    <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" disabled={save.isPending}>
      <legend className="float-left mr-1 font-semibold text-stone-800">
        {t('communities.notify.legend')}
      </legend>
      <div className="inline-flex rounded-full border border-stone-300 bg-white p-0.5">
        {CHOICES.map((choice) => (
          <label
            key={choice.value}
            className={cn(
              'inline-flex cursor-pointer items-center gap-1 rounded-full px-3 py-1 font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-700',
              shown === choice.value ? 'bg-brand-700 text-white' : 'text-stone-800 hover:bg-stone-100',
            )}
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={shown === choice.value}
              onChange={() => choose(choice.value)}
              className="sr-only"
            />
            {shown === choice.value ? <Check className="size-3.5" aria-hidden="true" /> : null}
            {t(choice.label)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
