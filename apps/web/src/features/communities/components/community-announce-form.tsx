import { ANNOUNCEMENT_LIMITS } from '@townsquare/contracts';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CharacterCount } from '../../../components/ui/character-count.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useAnnounceToCommunity } from '../api/community-announcements.ts';

/** An organiser's form for the community's news (its own chunk: only organisers load it). */
export function AnnounceForm({ slug }: { slug: string }) {
  const t = useT();
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const announce = useAnnounceToCommunity(slug);
  const id = useId();
  const tooLong =
    title.length > ANNOUNCEMENT_LIMITS.titleMax || message.length > ANNOUNCEMENT_LIMITS.messageMax;

  function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    announce.mutate(
      { title: title.trim(), message: message.trim() },
      {
        onSuccess: (recipients) => {
          setTitle('');
          setMessage('');
          toast.success(t('communities.news.sent', { count: recipients }));
        },
        onError: (err) => setError(errorMessage(err, t('communities.news.failed'))),
      },
    );
  }

  return (
    <form onSubmit={submit} className="space-y-3 rounded-xl border border-stone-200 bg-sand/40 p-4">
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-title`}>{t('communities.news.titleLabel')}</Label>
        <Input
          id={`${id}-title`}
          value={title}
          aria-describedby={`${id}-title-count`}
          onChange={(e) => setTitle(e.target.value)}
        />
        <CharacterCount id={`${id}-title-count`} length={title.length} max={ANNOUNCEMENT_LIMITS.titleMax} />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-message`}>{t('communities.news.message')}</Label>
        <Textarea
          id={`${id}-message`}
          rows={3}
          value={message}
          aria-describedby={`${id}-message-count`}
          onChange={(e) => setMessage(e.target.value)}
        />
        <CharacterCount
          id={`${id}-message-count`}
          length={message.length}
          max={ANNOUNCEMENT_LIMITS.messageMax}
        />
      </div>
      {error ? <Alert variant="error">{error}</Alert> : null}
      <Button type="submit" disabled={!title.trim() || !message.trim() || tooLong || announce.isPending}>
        {t('communities.news.submit')}
      </Button>
    </form>
  );
}
