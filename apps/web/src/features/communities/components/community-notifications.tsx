import type { Community } from '@townsquare/contracts';
import { Check } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';
import {
  type CommunityEventNotifications,
  useSetCommunityNotifications,
  viewerEventNotifications,
} from '../api/set-community-notifications.ts';

const CHOICES: { value: CommunityEventNotifications; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'none', label: 'None' },
];

/** A member's "Notify me about new events: all / none" (issue 12), saved as soon as it changes. */
export function CommunityNotifications({ community }: { community: Community }) {
  const current = viewerEventNotifications(community);
  const save = useSetCommunityNotifications(community.slug);
  const name = useId();
  const shown = save.isPending && save.variables ? save.variables : current;

  function choose(events: CommunityEventNotifications) {
    if (events === current) return;
    save.mutate(events, {
      onSuccess: () =>
        toast.success(
          events === 'all' ? 'You will hear about new events' : 'No notifications about new events',
        ),
      onError: (error) => toast.error(errorMessage(error, 'Could not save your choice')),
    });
  }

  return (
    <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" disabled={save.isPending}>
      <legend className="float-left mr-1 font-semibold text-stone-800">Notify me about new events:</legend>
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
            {choice.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
