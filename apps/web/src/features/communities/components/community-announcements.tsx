import { ANNOUNCEMENT_LIMITS } from '@townsquare/contracts';
import { Megaphone } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CharacterCount } from '../../../components/ui/character-count.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatCardDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useAnnounceToCommunity, useCommunityAnnouncements } from '../api/community-announcements.ts';

/** The community's news on its About tab; organisers write it there (issue 23). */
export function CommunityAnnouncements({
  slug,
  canRead,
  organizer,
}: {
  slug: string;
  canRead: boolean;
  organizer: boolean;
}) {
  const t = useT();
  const list = useCommunityAnnouncements(slug, canRead);
  if (!canRead) return null;
  const announcements = list.data?.announcements ?? [];
  return (
    <section className="mt-8 max-w-2xl space-y-4" aria-label={t('communities.news.title')}>
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <Megaphone className="size-5 text-brand-700" aria-hidden="true" />
        {t('communities.news.title')}
      </h2>
      {organizer ? <AnnounceForm slug={slug} /> : null}
      {announcements.length === 0 ? (
        <p className="text-sm text-stone-600">
          {list.isPending ? t('communities.news.loading') : t('communities.news.none')}
        </p>
      ) : (
        <ul className="space-y-3">
          {announcements.map((a) => (
            <li key={a.id} className="rounded-xl border border-stone-200 bg-white p-4">
              <h3 className="font-semibold break-words text-stone-900">{a.title}</h3>
              <p className="text-xs text-stone-600">
                {formatCardDate(a.createdAt)}
                {a.author ? ` · ${a.author.username ?? a.author.fullName}` : ''}
              </p>
              <p className="mt-2 break-words whitespace-pre-line text-stone-800">{a.message}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AnnounceForm({ slug }: { slug: string }) {
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
