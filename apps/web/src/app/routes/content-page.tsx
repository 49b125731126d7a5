import {
  BadgeCheck,
  CalendarDays,
  ChevronDown,
  LifeBuoy,
  type LucideIcon,
  Mail,
  MessageCircle,
  Newspaper,
  Search,
  ShieldAlert,
  UserRound,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../components/ui/button.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { type Translate, useIntl, useT } from '../../lib/i18n/intl.tsx';
import { loadNamespace } from '../../lib/i18n/load.ts';

// The pages' texts are a catalog of their own (locales/<locale>/pages.json), loaded with this route.
await loadNamespace('pages');

/**
 * The informational pages (/about, /faq, /terms, …): one page each in the `pages` catalog, drawn
 * from its keys in catalog order, `pages.<page>.<kind>[.<id>[.<field>]]`:
 * - `eyebrow`, `title`, `description`, `updated` and `name` (the tab's title, else `title`): the header;
 * - `h2`, `h3`, `p`, `li` (a bulleted list), `ol` (a numbered one): long-form text;
 * - `card.<id>.{title,text,tag,date,email}`: a grid of cards (the icon is `ICONS[id]`);
 * - `qa.<id>.{q,a}`: a question that opens on its answer;
 * - `cta.<id>.{title,text,button}`: the sign-up box.
 * Messages may use `<strong>`, `<mail>address</mail>` and a link to another page by its path
 * (`<contact>get in touch</contact>`).
 */

const ICONS: Record<string, LucideIcon> = {
  account: LifeBuoy,
  safety: ShieldAlert,
  verify: Mail,
  press: Newspaper,
  profiles: UserRound,
  events: CalendarDays,
  friends: Users,
  chat: MessageCircle,
  search: Search,
  verified: BadgeCheck,
};

/** The pages a message can link to, each by a tag of its name. */
const LINKED = ['about', 'careers', 'contact', 'cookies', 'guides', 'privacy', 'terms', 'register'];

const rich = {
  strong: (chunks: ReactNode[]) => <strong>{chunks}</strong>,
  mail: (chunks: ReactNode[]) => <a href={`mailto:${chunks.join('')}`}>{chunks}</a>,
  ...Object.fromEntries(
    LINKED.map((path) => [path, (chunks: ReactNode[]) => <Link to={`/${path}`}>{chunks}</Link>]),
  ),
};

type Block = { kind: string; id: string; fields: Record<string, string> };

/** The page's keys in order, consecutive keys of one kind and id folded into a block. */
function blocks(keys: string[], prefix: string): Block[] {
  const out: Block[] = [];
  for (const key of keys) {
    const [kind = '', id = '', field = ''] = key.slice(prefix.length).split('.');
    const last = out.at(-1);
    const block = last?.kind === kind && last.id === id && id ? last : { kind, id, fields: {} };
    if (block !== last) out.push(block);
    block.fields[field] = key;
  }
  return out;
}

const PROSE: Record<string, (t: Translate, key: string) => ReactNode> = {
  h2: (t, key) => <h2 key={key}>{t.rich(key, rich)}</h2>,
  h3: (t, key) => <h3 key={key}>{t.rich(key, rich)}</h3>,
  p: (t, key) => <p key={key}>{t.rich(key, rich)}</p>,
  li: (t, key) => <li key={key}>{t.rich(key, rich)}</li>,
  ol: (t, key) => <li key={key}>{t.rich(key, rich)}</li>,
};

const card = 'rounded-(--radius-card) border border-stone-200/80 bg-white p-6 shadow-(--shadow-soft)';

/** Long-form text: consecutive `li` (or `ol`) blocks in one list. */
function Prose({ items, t }: { items: Block[]; t: Translate }) {
  const nodes: ReactNode[] = [];
  for (let i = 0; i < items.length; ) {
    const kind = items[i]?.kind ?? '';
    if (kind === 'li' || kind === 'ol') {
      const list: ReactNode[] = [];
      const first = items[i]?.fields[''] ?? '';
      for (; items[i]?.kind === kind; i++) list.push(PROSE[kind]?.(t, items[i]?.fields[''] ?? ''));
      nodes.push(kind === 'li' ? <ul key={first}>{list}</ul> : <ol key={first}>{list}</ol>);
    } else {
      const key = items[i]?.fields[''] ?? '';
      nodes.push(PROSE[kind]?.(t, key));
      i++;
    }
  }
  return <div className="prose-page mb-6">{nodes}</div>;
}

function Cards({ items, t }: { items: Block[]; t: Translate }) {
  return (
    <ul className={`mb-10 grid gap-5 sm:grid-cols-2 ${items.length > 4 ? 'lg:grid-cols-3' : ''}`}>
      {items.map(({ id, fields }) => {
        const Icon = ICONS[id];
        return (
          <li key={id} className={card}>
            {Icon ? (
              <span className="mb-4 flex size-11 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
                <Icon className="size-5" aria-hidden="true" />
              </span>
            ) : null}
            {fields.tag ? (
              <p className="mb-3 flex items-center gap-2 text-sm text-stone-600">
                <span className="rounded-full bg-brand-100 px-2.5 py-0.5 font-semibold text-brand-900">
                  {t(fields.tag)}
                </span>
                {fields.date ? t(fields.date) : null}
              </p>
            ) : null}
            <h2 className="text-lg font-semibold">{t(fields.title ?? '')}</h2>
            <p className="mt-1.5 text-stone-700">{t(fields.text ?? '')}</p>
            {fields.email ? (
              <a
                href={`mailto:${t(fields.email)}`}
                className="mt-3 inline-block font-semibold break-all text-brand-800 underline underline-offset-2"
              >
                {t(fields.email)}
              </a>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

function Questions({ items, t }: { items: Block[]; t: Translate }) {
  return (
    <div className="mb-10 max-w-3xl space-y-3">
      {items.map(({ id, fields }) => (
        <details
          key={id}
          className="group rounded-2xl border border-stone-200/80 bg-white px-5 py-4 shadow-(--shadow-soft) open:pb-5"
        >
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded font-semibold text-stone-900 [&::-webkit-details-marker]:hidden">
            {t(fields.q ?? '')}
            <ChevronDown
              className="size-5 shrink-0 text-stone-600 transition-transform group-open:rotate-180"
              aria-hidden="true"
            />
          </summary>
          <p className="mt-3 leading-relaxed text-stone-700">{t.rich(fields.a ?? '', rich)}</p>
        </details>
      ))}
    </div>
  );
}

function CallToAction({ fields, t }: { fields: Record<string, string>; t: Translate }) {
  return (
    <div className="mb-10 flex flex-col items-start gap-4 rounded-(--radius-card) bg-sand p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
      <div>
        <h2 className="text-xl font-semibold">{t(fields.title ?? '')}</h2>
        <p className="mt-1 text-stone-700">{t(fields.text ?? '')}</p>
      </div>
      <Button asChild>
        <Link to="/register">{t(fields.button ?? '')}</Link>
      </Button>
    </div>
  );
}

const SECTIONS: Record<string, (items: Block[], t: Translate) => ReactNode> = {
  card: (items, t) => <Cards key={items[0]?.id} items={items} t={t} />,
  qa: (items, t) => <Questions key={items[0]?.id} items={items} t={t} />,
  cta: (items, t) => <CallToAction key="cta" fields={items[0]?.fields ?? {}} t={t} />,
};

/** One of the informational pages (the route's path names it), from the `pages` catalog. */
export function ContentPage() {
  const t = useT();
  const intl = useIntl();
  const page = useLocation().pathname.split('/').find(Boolean) ?? '';
  const prefix = `pages.${page}.`;
  const all = blocks(
    Object.keys(intl.messages).filter((key) => key.startsWith(prefix)),
    prefix,
  );
  const header = Object.fromEntries(all.filter((b) => !b.id).map((b) => [b.kind, b.fields[''] ?? '']));
  const body = all.filter((b) => b.id);
  // Runs of blocks of one kind of section (prose counts as one kind), in order.
  const runs: Block[][] = [];
  for (const block of body) {
    const kind = (b: Block) => (SECTIONS[b.kind] ? b.kind : 'prose');
    const last = runs.at(-1);
    if (last?.[0] && kind(last[0]) === kind(block)) last.push(block);
    else runs.push([block]);
  }
  return (
    <article>
      <title>{t('common.pageTitle', { title: t(header.name ?? header.title ?? '') })}</title>
      <PageHeader
        eyebrow={header.eyebrow ? t(header.eyebrow) : undefined}
        title={t(header.title ?? '')}
        description={header.description ? t(header.description) : undefined}
      />
      {header.updated ? (
        <p className="-mt-4 mb-6 text-sm text-stone-600">
          {t('common.lastUpdated', { date: t(header.updated) })}
        </p>
      ) : null}
      {runs.map((run) => {
        const section = SECTIONS[run[0]?.kind ?? ''];
        return section ? section(run, t) : <Prose key={run[0]?.id} items={run} t={t} />;
      })}
    </article>
  );
}
