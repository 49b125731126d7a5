import { BLOCK_MSG, CHAT_LIMITS, CHAT_MSG } from '@townsquare/contracts';
import { AlertCircle, EyeOff, Loader2, MessageCircle, RotateCw, SendHorizontal, X } from 'lucide-react';
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Alert } from '../../../components/ui/alert.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CharacterCount } from '../../../components/ui/character-count.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Textarea } from '../../../components/ui/textarea.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import type { ChatItem } from '../../../lib/chat/chat-item.ts';
import type { OutboxEntry } from '../../../lib/chat/outbox.ts';
import type { ChatThread } from '../../../lib/chat/use-chat-thread.ts';
import { cn } from '../../../lib/cn.ts';
import { formatMessageTime } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { useRemoveMessage } from '../../moderation/api/remove-message.ts';
import { ContentMenu } from '../../moderation/components/content-menu.tsx';

/** How close to an edge (px) counts as being at it. */
const EDGE = 48;

interface ChatPanelProps {
  thread: ChatThread;
  /** Names the message log for assistive technology, e.g. "Event chat messages". */
  label: string;
  /** The label of the text box, e.g. "Message the event". */
  inputLabel: string;
  currentUserId: string | undefined;
  /** Shown instead of the send box (a prompt to sign in, or why sending is off). */
  composerNotice?: ReactNode;
  emptyText?: string;
  /** The log's fixed height. */
  className?: string;
  /** The viewer moderates this room (the event's host, a community organiser): "Delete message". */
  canModerate?: boolean;
}

/**
 * A chat: a fixed-height log that keeps the newest message in view, loads older messages when
 * scrolled to the top (or with the button there), and a send box. Pending messages show greyed
 * out; a failed one shows why, with Retry and Remove.
 */
export function ChatPanel({
  thread,
  label,
  inputLabel,
  currentUserId,
  composerNotice,
  emptyText,
  className,
  canModerate = false,
}: ChatPanelProps) {
  const remove = useRemoveMessage();
  const t = useT();
  const logRef = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const olderAnchor = useRef<{ height: number; top: number } | null>(null);
  const { items, outbox } = thread;

  const firstId = items[0]?.id;
  const lastOutbox = outbox[outbox.length - 1];
  const lastItem = items[items.length - 1];
  const newestKey = lastOutbox ? `out:${lastOutbox.clientMessageId}` : (lastItem?.id ?? '');
  const newestIsMine = Boolean(lastOutbox) || (lastItem !== undefined && lastItem.senderId === currentUserId);

  // Older messages were put on top: keep the ones being read where they were.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the oldest message changes.
  useLayoutEffect(() => {
    const log = logRef.current;
    const anchor = olderAnchor.current;
    if (!log || !anchor) return;
    log.scrollTop = log.scrollHeight - anchor.height + anchor.top;
    olderAnchor.current = null;
  }, [firstId]);

  // A new message at the bottom: follow it if the reader was at the bottom, or if it is their own.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest message changes.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log || (!atBottom.current && !newestIsMine)) return;
    log.scrollTop = log.scrollHeight;
    atBottom.current = true;
  }, [newestKey, thread.isPending]);

  function loadOlder() {
    const log = logRef.current;
    if (!thread.hasOlder || thread.loadingOlder) return;
    if (log) olderAnchor.current = { height: log.scrollHeight, top: log.scrollTop };
    thread.loadOlder();
  }

  function onScroll() {
    const log = logRef.current;
    if (!log) return;
    atBottom.current = log.scrollHeight - log.scrollTop - log.clientHeight < EDGE;
    if (log.scrollTop < EDGE) loadOlder();
  }

  return (
    <div className="flex flex-col gap-3">
      <div
        ref={logRef}
        role="log"
        aria-label={label}
        // The log scrolls, so it must be reachable with the keyboard.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs focus to scroll by keys.
        tabIndex={0}
        onScroll={onScroll}
        className={cn(
          'h-80 overflow-y-auto overscroll-contain rounded-xl border border-stone-200 bg-stone-50/60 p-3 focus-visible:outline-2 focus-visible:outline-brand-700',
          className,
        )}
      >
        {thread.isPending ? (
          <div className="space-y-3" role="status" aria-label={t('chat.loading')}>
            <Skeleton className="h-12 w-2/3" />
            <Skeleton className="ml-auto h-10 w-1/2" />
            <Skeleton className="h-14 w-3/5" />
          </div>
        ) : thread.loadError ? (
          <Alert variant="error" title={thread.loadError}>
            <Button variant="link" size="sm" onClick={thread.reload}>
              {t('chat.tryAgain')}
            </Button>
          </Alert>
        ) : (
          <>
            {thread.hasOlder ? (
              <div className="mb-3 flex justify-center">
                <Button variant="ghost" size="sm" loading={thread.loadingOlder} onClick={loadOlder}>
                  {t('chat.loadOlder')}
                </Button>
              </div>
            ) : null}
            {items.length === 0 && outbox.length === 0 ? (
              <div className="flex h-full flex-col items-center justify-center gap-2 text-center text-sm text-stone-600">
                <MessageCircle className="size-6 text-stone-500" aria-hidden="true" />
                <p>{emptyText ?? t('chat.emptyDefault')}</p>
              </div>
            ) : (
              <ol className="space-y-3">
                {items.map((item) => (
                  <MessageRow
                    key={item.id}
                    item={item}
                    mine={item.senderId === currentUserId}
                    signedIn={currentUserId !== undefined}
                    onDelete={
                      canModerate && item.senderId !== currentUserId
                        ? () =>
                            remove.mutate(item.id, {
                              onError: (error) => toast.error(errorMessage(error, t('chat.deleteFailed'))),
                            })
                        : undefined
                    }
                  />
                ))}
                {outbox.map((entry) => (
                  <PendingRow
                    key={entry.clientMessageId}
                    entry={entry}
                    onRetry={() => thread.retry(entry.clientMessageId)}
                    onDiscard={() => thread.discard(entry.clientMessageId)}
                  />
                ))}
              </ol>
            )}
          </>
        )}
      </div>
      {composerNotice ?? <Composer label={inputLabel} onSend={thread.send} />}
    </div>
  );
}

function Bubble({ mine, children }: { mine: boolean; children: ReactNode }) {
  return (
    <div
      className={cn(
        'max-w-[80%] min-w-0 rounded-2xl px-3.5 py-2 shadow-xs',
        mine ? 'rounded-br-md bg-brand-700 text-white' : 'rounded-bl-md border border-stone-200 bg-white',
      )}
    >
      {children}
    </div>
  );
}

function MessageRow({
  item,
  mine,
  signedIn,
  onDelete,
}: {
  item: ChatItem;
  mine: boolean;
  signedIn: boolean;
  onDelete?: () => void;
}) {
  const t = useT();
  if (item.hidden) {
    return (
      <li className="flex items-center gap-2 text-sm text-stone-600 italic">
        <EyeOff className="size-4 shrink-0" aria-hidden="true" />
        <span>{BLOCK_MSG.placeholder}</span>
        <time dateTime={item.timestamp} className="text-xs not-italic">
          {formatMessageTime(item.timestamp)}
        </time>
      </li>
    );
  }
  return (
    <li className={cn('group flex items-end gap-2', mine && 'flex-row-reverse')}>
      <Avatar src={item.senderImage} alt="" className="size-8 ring-0" />
      <Bubble mine={mine}>
        <p
          className={cn(
            'flex flex-wrap items-baseline gap-x-2 text-xs',
            mine ? 'text-white' : 'text-stone-600',
          )}
        >
          {mine ? (
            <span className="font-semibold">{t('chat.you')}</span>
          ) : (
            <Link
              to={`/user/${item.senderId}`}
              className="font-semibold text-stone-900 underline-offset-2 hover:underline"
            >
              {item.senderName}
            </Link>
          )}
          <time dateTime={item.timestamp}>{formatMessageTime(item.timestamp)}</time>
        </p>
        <p className="text-sm whitespace-pre-wrap">{item.content}</p>
      </Bubble>
      {signedIn && !mine ? (
        <ContentMenu
          name={`Actions for the message from ${item.senderName}`}
          report={{
            subjectType: 'message',
            subjectId: item.id,
            label: `the message from ${item.senderName}`,
          }}
          block={{ userId: item.senderId, name: item.senderName }}
          onDelete={onDelete}
          className="self-center"
        />
      ) : null}
    </li>
  );
}

function PendingRow({
  entry,
  onRetry,
  onDiscard,
}: {
  entry: OutboxEntry;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const failed = entry.status === 'failed';
  const t = useT();
  return (
    <li className="flex flex-col items-end gap-1" aria-busy={!failed}>
      <div className={cn('flex max-w-full justify-end', !failed && 'opacity-70')}>
        <Bubble mine>
          <p className="text-xs font-semibold text-white">{t('chat.you')}</p>
          <p className="text-sm whitespace-pre-wrap">{entry.content}</p>
        </Bubble>
      </div>
      {failed ? (
        <div className="flex flex-wrap items-center justify-end gap-x-2 text-xs text-red-800" role="alert">
          <AlertCircle className="size-3.5" aria-hidden="true" />
          <span>{t('chat.notSent', { error: entry.error })}</span>
          <Button variant="link" size="sm" className="text-xs" onClick={onRetry}>
            <RotateCw aria-hidden="true" />
            {t('chat.retry')}
          </Button>
          <Button variant="link" size="sm" className="text-xs text-stone-700" onClick={onDiscard}>
            <X aria-hidden="true" />
            {t('chat.remove')}
          </Button>
        </div>
      ) : (
        <p className="flex items-center gap-1 text-xs text-stone-600">
          <Loader2 className="size-3 animate-spin" aria-hidden="true" />
          {t('chat.sending')}
        </p>
      )}
    </li>
  );
}

function Composer({ label, onSend }: { label: string; onSend: (text: string) => boolean }) {
  const [text, setText] = useState('');
  const id = useId();
  const countId = useId();
  const t = useT();
  const tooLong = text.length > CHAT_LIMITS.contentMax;

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (tooLong) return;
    if (onSend(text)) setText('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter starts a new line; Enter while composing (IME) does neither.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  return (
    <form onSubmit={submit} className="space-y-1">
      <div className="flex items-end gap-2">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        {/* No maxLength: a pasted 2,100 characters must not lose their end without a word. */}
        <Textarea
          id={id}
          rows={1}
          value={text}
          aria-invalid={tooLong || undefined}
          aria-describedby={countId}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('chat.placeholder')}
          className="h-11 min-h-11 resize-none py-2.5"
        />
        <Button type="submit" disabled={!text.trim() || tooLong} className="h-11 max-sm:w-11 max-sm:px-0">
          <SendHorizontal aria-hidden="true" />
          <span className="max-sm:sr-only">{t('chat.send')}</span>
        </Button>
      </div>
      <div className="flex flex-wrap justify-between gap-x-3">
        {tooLong ? (
          <p role="alert" className="text-xs font-semibold text-red-800">
            {CHAT_MSG.contentTooLong}
          </p>
        ) : null}
        <CharacterCount id={countId} length={text.length} max={CHAT_LIMITS.contentMax} />
      </div>
    </form>
  );
}
