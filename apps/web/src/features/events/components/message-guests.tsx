import { ANNOUNCEMENT_LIMITS, type AnnouncementAudience } from '@townsquare/contracts';
import { Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CharacterCount } from '../../../components/ui/character-count.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useAnnounce } from '../api/capacity.ts';

const AUDIENCES: { value: AnnouncementAudience; label: string }[] = [
  { value: 'going', label: 'events.message.going' },
  { value: 'waitlist', label: 'events.message.waitlist' },
  { value: 'all', label: 'events.message.all' },
];

/** A host's message to the people of the event: in the app and by e-mail. */
export function MessageGuests({ eventId }: { eventId: string }) {
  const t = useT();
  const [message, setMessage] = useState('');
  const [audience, setAudience] = useState<AnnouncementAudience>('going');
  const [error, setError] = useState<string | null>(null);
  const announce = useAnnounce(eventId);
  const id = useId();
  const tooLong = message.length > ANNOUNCEMENT_LIMITS.messageMax;

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    announce.mutate(
      { message: message.trim(), audience },
      {
        onSuccess: (recipients) => {
          setMessage('');
          toast.success(t('events.message.sent', { count: recipients }));
        },
        onError: (err) => setError(errorMessage(err, t('events.message.failed'))),
      },
    );
  }

  return (
    <form onSubmit={submit} className="space-y-3 rounded-xl border border-stone-200 p-4">
      <h3 className="font-semibold text-stone-900">{t('events.message.title')}</h3>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-message`}>{t('events.message.label')}</Label>
        <Textarea
          id={`${id}-message`}
          rows={3}
          value={message}
          aria-invalid={tooLong || undefined}
          aria-describedby={`${id}-count`}
          onChange={(e) => setMessage(e.target.value)}
          placeholder={t('events.message.placeholder')}
        />
        <CharacterCount id={`${id}-count`} length={message.length} max={ANNOUNCEMENT_LIMITS.messageMax} />
      </div>
      <fieldset className="space-y-1.5">
        <legend className="text-sm font-medium text-stone-900">{t('events.message.sendTo')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {AUDIENCES.map((a) => (
            <label key={a.value} className="flex items-center gap-2 text-sm text-stone-800">
              <input
                type="radio"
                name={`${id}-audience`}
                value={a.value}
                checked={audience === a.value}
                onChange={() => setAudience(a.value)}
                className="size-4 accent-brand-700"
              />
              {t(a.label)}
            </label>
          ))}
        </div>
      </fieldset>
      {error ? <Alert variant="error">{error}</Alert> : null}
      <Button type="submit" disabled={!message.trim() || tooLong || announce.isPending}>
        <Send aria-hidden="true" />
        {t('events.message.send')}
      </Button>
    </form>
  );
}
