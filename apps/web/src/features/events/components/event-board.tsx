import type { EventDto, EventStatus } from '@townsquare/contracts';
import { CalendarPlus, CalendarSearch, Plus } from 'lucide-react';
import { lazy, Suspense, useCallback, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, LoadFailedRetry } from '../../../components/ui/alert.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { useSession } from '../../../lib/api/get-session.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { withSearchParam } from '../../../lib/search-params.ts';
import { useDeleteEvent } from '../api/delete-event.ts';
import { type EventSort, useEventList } from '../api/list-events.ts';
import { isEventCreator } from '../event-status.ts';
import { EVENT_TEXT } from '../event-texts.ts';
import { EventCard, EventCardSkeleton } from './event-card.tsx';

const loadFormDialog = () => import('./event-form-dialog.tsx');
const loadDeleteDialog = () => import('./delete-event-dialog.tsx');
// The dialogs (and the contracts' validation the form shares with the server) load when first wanted.
const EventFormDialog = lazy(() => loadFormDialog().then((m) => ({ default: m.EventFormDialog })));
const DeleteEventDialog = lazy(() => loadDeleteDialog().then((m) => ({ default: m.DeleteEventDialog })));

const TABS: Array<{ status: EventStatus; label: string }> = [
  { status: 'DRAFT', label: 'events.status.DRAFT' },
  { status: 'LIVE', label: 'events.status.LIVE' },
  { status: 'PAST', label: 'events.status.PAST' },
];

function tabFrom(value: string | null): EventStatus {
  const upper = value?.toUpperCase();
  return upper === 'DRAFT' || upper === 'PAST' ? upper : 'LIVE';
}

interface EventGridProps {
  status: EventStatus;
  sort: EventSort;
  userId: string | undefined;
  headingLevel: 'h2' | 'h3';
  onCreate: () => void;
  onEdit: (event: EventDto) => void;
  onDelete?: (event: EventDto) => void;
  onEditIntent: () => void;
}

function EventGrid({
  status,
  sort,
  userId,
  headingLevel,
  onCreate,
  onEdit,
  onDelete,
  onEditIntent,
}: EventGridProps) {
  const list = useEventList(status, sort);
  const t = useT();

  if (list.isPending) {
    return (
      <div
        role="status"
        aria-label={t('events.board.loading')}
        className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3"
      >
        <EventCardSkeleton />
        <EventCardSkeleton />
        <EventCardSkeleton />
      </div>
    );
  }
  if (list.isError) {
    return (
      <LoadFailedRetry
        message={t('events.board.loadFailed')}
        retryLabel={t('events.tryAgain')}
        query={list}
      />
    );
  }

  const events = list.data.pages.flatMap((page) => page.events);
  if (events.length === 0) {
    return (
      <EmptyState
        icon={CalendarPlus}
        title={EVENT_TEXT.noEvents}
        headingLevel={headingLevel}
        actions={
          <Button onClick={onCreate} onPointerEnter={onEditIntent} onFocus={onEditIntent}>
            <Plus aria-hidden="true" />
            {t('events.board.create')}
          </Button>
        }
      >
        <p>{EVENT_TEXT.getStarted}</p>
      </EmptyState>
    );
  }

  return (
    <div className="space-y-6">
      <div className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {events.map((event) => {
          const mine = isEventCreator(event, userId);
          return (
            <EventCard
              key={event.id}
              event={event}
              canManage={mine}
              onEdit={onEdit}
              onDelete={onDelete}
              onEditIntent={onEditIntent}
            />
          );
        })}
      </div>
      {list.hasNextPage ? (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            onClick={() => list.fetchNextPage()}
            loading={list.isFetchingNextPage}
            disabled={list.isFetchingNextPage}
          >
            {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

interface EventBoardProps {
  /** Dashboard only: the creator's cards also offer Delete. */
  allowDelete?: boolean;
  /** A heading for the board (the dashboard's "Event Management"); pages with their own h1 leave it out. */
  title?: string;
  /** Communities the user organises, offered as "Host as" in the create dialog. */
  hosts?: { id: string; name: string }[];
  /** The discovery list (/events): live events can be sorted by friends going (`?sort=friends`). */
  sortable?: boolean;
}

/**
 * One tab per status with the event cards, "Load more", and the create/edit dialog (and, on the
 * dashboard, delete with confirmation). The open tab is in the address (`?tab=draft`).
 */
export function EventBoard({ allowDelete = false, title, hosts, sortable = false }: EventBoardProps) {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const tab = tabFrom(params.get('tab'));
  const sortId = useId();
  const t = useT();
  const sort: EventSort = sortable && params.get('sort') === 'friends' ? 'friends' : 'date';
  const setSort = (next: EventSort) =>
    setParams((current) => withSearchParam(current, 'sort', next === 'friends' ? 'friends' : null), {
      replace: true,
      preventScrollReset: true,
    });
  const [form, setForm] = useState<{ event: EventDto | null } | null>(null);
  const [confirming, setConfirming] = useState<EventDto | null>(null);
  const [deleteFailed, setDeleteFailed] = useState(false);
  const remove = useDeleteEvent({ onFailed: () => setDeleteFailed(true) });
  const createButtonRef = useRef<HTMLButtonElement>(null);
  const deleted = useRef(false);

  const setTab = useCallback(
    (status: EventStatus) =>
      setParams((current) => withSearchParam(current, 'tab', status.toLowerCase()), {
        replace: true,
        preventScrollReset: true,
      }),
    [setParams],
  );

  const preloadForm = useCallback(() => void loadFormDialog(), []);
  const preloadDialogs = useCallback(() => {
    void loadFormDialog();
    if (allowDelete) void loadDeleteDialog();
  }, [allowDelete]);
  // Mounted from the first Delete on, so it can animate out and hand focus back.
  const [deleteWanted, setDeleteWanted] = useState(false);
  const askDelete = (event: EventDto) => {
    setDeleteWanted(true);
    setConfirming(event);
  };
  const openCreate = () => setForm({ event: null });
  const openEdit = (event: EventDto) => setForm({ event });

  const headingLevel = title ? 'h3' : 'h2';
  // "Find a date" (a date poll) sits next to "Create Event": a poll ends as an event.
  const createButton = (
    <div className="ml-auto flex flex-wrap items-center gap-2">
      <Link to="/polls/new" className={buttonVariants({ variant: 'secondary' })}>
        <CalendarSearch aria-hidden="true" />
        {t('events.board.findDate')}
      </Link>
      <Button ref={createButtonRef} onClick={openCreate} onPointerEnter={preloadForm} onFocus={preloadForm}>
        <Plus aria-hidden="true" />
        {t('events.board.create')}
      </Button>
    </div>
  );
  return (
    <div className="space-y-5">
      {title ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="event-management" className="font-display text-2xl font-semibold">
            {title}
          </h2>
          {createButton}
        </div>
      ) : null}

      {deleteFailed ? (
        <Alert variant="error" className="items-start">
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            {EVENT_TEXT.deleteFailed}
            <button
              type="button"
              className="cursor-pointer font-semibold underline underline-offset-2"
              onClick={() => setDeleteFailed(false)}
            >
              {t('events.board.dismiss')}
            </button>
          </span>
        </Alert>
      ) : null}

      <Tabs value={tab} onValueChange={(value) => setTab(value as EventStatus)}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <TabsList aria-label={t('events.board.byStatus')}>
            {TABS.map(({ status, label }) => (
              <TabsTrigger key={status} value={status}>
                {t(label)}
              </TabsTrigger>
            ))}
          </TabsList>
          {sortable && tab === 'LIVE' ? (
            <div className="flex items-center gap-2 text-sm">
              <label htmlFor={sortId} className="font-medium text-stone-700">
                {t('events.board.sortBy')}
              </label>
              <select
                id={sortId}
                value={sort}
                onChange={(e) => setSort(e.target.value === 'friends' ? 'friends' : 'date')}
                className="h-9 cursor-pointer rounded-full border border-stone-300 bg-white px-3 text-stone-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
              >
                <option value="date">{t('events.board.sortDate')}</option>
                <option value="friends">{t('events.board.sortFriends')}</option>
              </select>
            </div>
          ) : null}
          {title ? null : createButton}
        </div>
        {TABS.map(({ status }) => (
          <TabsContent key={status} value={status}>
            <EventGrid
              status={status}
              sort={status === 'LIVE' ? sort : 'date'}
              userId={user?.id}
              headingLevel={headingLevel}
              onCreate={openCreate}
              onEdit={openEdit}
              onDelete={allowDelete ? askDelete : undefined}
              onEditIntent={preloadDialogs}
            />
          </TabsContent>
        ))}
      </Tabs>

      {form ? (
        <Suspense
          fallback={
            <div className="fixed inset-0 z-50 flex items-center justify-center bg-stone-950/30">
              <Spinner className="size-8 text-white" label="Opening the event form" />
            </div>
          }
        >
          <EventFormDialog
            open
            event={form.event}
            hosts={hosts}
            onOpenChange={(open) => (open ? undefined : setForm(null))}
            onSaved={(saved) => setTab(saved.status)}
          />
        </Suspense>
      ) : null}

      {allowDelete && deleteWanted ? (
        <Suspense fallback={null}>
          <DeleteEventDialog
            event={confirming}
            onCancel={() => setConfirming(null)}
            onCloseAutoFocus={(e) => {
              if (!deleted.current) return;
              // The card and its Delete button are gone: continue from the board's own button.
              deleted.current = false;
              e.preventDefault();
              createButtonRef.current?.focus();
            }}
            onConfirm={(event) => {
              deleted.current = true;
              setConfirming(null);
              setDeleteFailed(false);
              remove.mutate(event);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
