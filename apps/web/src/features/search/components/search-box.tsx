import { CalendarDays, Loader2, Search, UsersRound } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { inputClassName } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatCardDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { type SearchResponse, useSearch } from '../api/search.ts';

interface ResultOption {
  key: string;
  href: string;
  content: ReactNode;
}

const NO_RESULTS: SearchResponse = { users: [], events: [], communities: [] };

/** A result's picture (or icon tile), its name and a line of detail (the parts that exist). */
function resultContent(picture: ReactNode, name: string, details: string[]): ReactNode {
  return (
    <>
      {picture}
      <span className="min-w-0">
        <span className="block truncate font-semibold text-stone-900">{name}</span>
        <span className="block truncate text-xs text-stone-600">{details.filter(Boolean).join(' · ')}</span>
      </span>
    </>
  );
}

const iconTile = (Icon: typeof CalendarDays, tone: string) => (
  <span className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg', tone)}>
    <Icon className="size-4" aria-hidden="true" />
  </span>
);

function optionsFor(
  results: SearchResponse,
  members: (count: number) => string,
): { people: ResultOption[]; events: ResultOption[]; communities: ResultOption[] } {
  return {
    people: results.users.map((person) => ({
      key: `user-${person.id}`,
      href: `/user/${person.id}`,
      content: resultContent(
        <Avatar src={person.profileImage} alt="" className="size-9 ring-0" />,
        person.username,
        [person.fullName, person.interests.slice(0, 3).join(', ')],
      ),
    })),
    events: results.events.map((event) => ({
      key: `event-${event.id}`,
      href: `/event/${event.id}`,
      content: resultContent(iconTile(CalendarDays, 'bg-brand-100 text-brand-800'), event.title, [
        formatCardDate(event.startDate),
        event.tags.join(', '),
      ]),
    })),
    communities: results.communities.map((community) => ({
      key: `community-${community.id}`,
      href: `/c/${encodeURIComponent(community.slug)}`,
      content: resultContent(iconTile(UsersRound, 'bg-stone-100 text-stone-700'), community.name, [
        community.location,
        members(community.memberCount),
      ]),
    })),
  };
}

/**
 * Spec 2 and 5, "Search": people, events and communities in one box, asked 300 ms after
 * the last keystroke; an empty box clears the results and a failed search shows none (and is logged). A combobox: arrow
 * keys move through the results, Enter opens one, Escape closes the list and then clears the box.
 */
export function SearchBox({
  compact = false,
  autoFocus = false,
}: {
  compact?: boolean;
  autoFocus?: boolean;
}) {
  const t = useT();
  const navigate = useNavigate();
  const inputId = useId();
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const settled = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  // An emptied box clears at once rather than after the pause.
  const query = text.trim() === '' ? '' : settled;
  const search = useSearch(query);

  useEffect(() => {
    if (search.isError) console.error('Search failed', search.error);
  }, [search.isError, search.error]);

  const results = query && search.data && !search.isError ? search.data : NO_RESULTS;
  const { people, events, communities } = optionsFor(results, (count) =>
    t('communities.card.members', { count }),
  );
  const options = [...people, ...events, ...communities];
  const optionId = (index: number) => `${listId}-option-${index}`;
  const showList = open && options.length > 0;
  const settledEmpty =
    query !== '' && !search.isFetching && !search.isError && search.data && options.length === 0;

  // A new set of results starts with nothing highlighted.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the results changing is the trigger.
  useEffect(() => setActive(-1), [search.data, query]);

  useEffect(() => {
    if (active >= 0) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  function go(index: number) {
    const option = options[index];
    if (!option) return;
    setOpen(false);
    void navigate(option.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) =>
        current < 0
          ? step > 0
            ? 0
            : options.length - 1
          : (current + step + options.length) % options.length,
      );
    } else if (event.key === 'Enter') {
      if (showList && active >= 0) {
        event.preventDefault();
        go(active);
      }
    } else if (event.key === 'Escape') {
      if (showList) {
        event.preventDefault();
        setOpen(false);
      } else if (text) {
        event.preventDefault();
        setText('');
      }
    }
  }

  let index = 0;
  const group = (key: string, label: string, items: ResultOption[]) => {
    if (items.length === 0) return null;
    const labelId = `${listId}-${key}`;
    return (
      // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox, not a form fieldset.
      <div role="group" aria-labelledby={labelId} className="py-1">
        <div
          id={labelId}
          role="presentation"
          className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-stone-600 uppercase"
        >
          {label}
        </div>
        {items.map((item) => {
          const i = index++;
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: keys reach the options through the combobox (aria-activedescendant).
            <div
              key={item.key}
              id={optionId(i)}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onMouseMove={() => setActive(i)}
              onClick={() => go(i)}
              className={cn(
                'mx-1 flex cursor-pointer items-center gap-3 rounded-lg px-2 py-2 text-sm',
                i === active ? 'bg-brand-50 outline-2 outline-brand-700/40' : 'hover:bg-stone-50',
              )}
            >
              {item.content}
            </div>
          );
        })}
      </div>
    );
  };

  return (
    <div className="space-y-1.5">
      {/* In the header the box has no room for a visible label: screen readers still hear it. */}
      <Label htmlFor={inputId} className={compact ? 'sr-only' : undefined}>
        {t('nav.search.label')}
      </Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-stone-500"
          aria-hidden="true"
        />
        <input
          id={inputId}
          type="search"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={showList ? listId : undefined}
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          placeholder={t('nav.search.placeholder')}
          // Only when the phone header's search button opened the menu for it.
          // biome-ignore lint/a11y/noAutofocus: the person just asked for the search box.
          autoFocus={autoFocus}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
          className={cn(inputClassName, 'pr-10 pl-10')}
        />
        {search.isFetching && query ? (
          <Loader2
            className="absolute top-1/2 right-3.5 size-4 -translate-y-1/2 animate-spin text-brand-700"
            aria-hidden="true"
          />
        ) : null}
        {showList ? (
          <div
            id={listId}
            role="listbox"
            aria-label={t('nav.search.results')}
            className="absolute inset-x-0 top-full z-30 mt-2 max-h-96 overflow-y-auto rounded-xl border border-stone-200 bg-white py-1 shadow-(--shadow-lift)"
          >
            {group('People', t('nav.search.people'), people)}
            {group('Events', t('nav.search.events'), events)}
            {group('Communities', t('nav.search.communities'), communities)}
          </div>
        ) : null}
        {open && settledEmpty ? (
          <p className="absolute inset-x-0 top-full z-30 mt-2 rounded-xl border border-stone-200 bg-white px-4 py-3 text-sm text-stone-700 shadow-(--shadow-lift)">
            {t('nav.search.none', { query })}
          </p>
        ) : null}
      </div>
      <p role="status" className="sr-only">
        {query && search.data && !search.isFetching && !search.isError
          ? t('nav.search.found', {
              people: people.length,
              events: events.length,
              communities: communities.length,
            })
          : ''}
      </p>
    </div>
  );
}
