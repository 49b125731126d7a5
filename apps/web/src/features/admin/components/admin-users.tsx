import type { AdminUser } from '@townsquare/contracts';
import { BadgeCheck, Search, ShieldAlert, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Badge } from '../../../components/ui/badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { LoadMoreButton } from '../../../components/ui/load-more-button.tsx';
import { LoadingSkeletons } from '../../../components/ui/skeleton.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { formatCardDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n/intl.tsx';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { SuspendControls } from '../../moderation/components/suspend-controls.tsx';
import { useAdminUsers } from '../api/list-users.ts';
import { useSetVerifiedCommunity } from '../api/set-verified-community.ts';

function VerifiedToggle({ row }: { row: AdminUser }) {
  const mutation = useSetVerifiedCommunity();
  const id = `verified-${row.id}`;
  const name = row.username || row.fullName;
  const t = useT();
  return (
    <div className="flex items-center gap-2">
      <Switch
        id={id}
        checked={row.isVerifiedCommunity}
        disabled={mutation.isPending}
        aria-label={t('admin.users.verifiedToggle', { name })}
        onCheckedChange={(value) => mutation.mutate({ id: row.id, value })}
      />
      <span className="text-sm text-stone-700" aria-hidden="true">
        {row.isVerifiedCommunity ? t('admin.users.verified') : t('admin.users.notVerified')}
      </span>
    </div>
  );
}

/** The first real admin tool: find accounts and set the "verified community" flag the landing page promises. */
export function AdminUsers() {
  const [query, setQuery] = useState('');
  const q = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const users = useAdminUsers(q);
  const rows = users.data?.pages.flatMap((page) => page.users) ?? [];
  const t = useT();

  return (
    <div className="space-y-5">
      <div className="max-w-md space-y-1.5">
        <Label htmlFor="admin-search">{t('admin.users.search')}</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-stone-600"
            aria-hidden="true"
          />
          <Input
            id="admin-search"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('admin.users.searchPlaceholder')}
            className="pl-10"
          />
        </div>
      </div>

      {users.isPending ? (
        <LoadingSkeletons
          className="space-y-2"
          label={t('admin.users.loading')}
          count={4}
          barClassName="h-16"
        />
      ) : users.isError ? (
        <Alert variant="error" title={t('admin.users.loadFailed')}>
          {users.error instanceof ApiError && users.error.status === 404
            ? t('admin.users.unavailable')
            : errorMessage(users.error, t('admin.tryAgain'))}
        </Alert>
      ) : rows.length === 0 ? (
        <EmptyState icon={Users} title={t('admin.users.empty')} headingLevel="h3">
          <p>{q ? t('admin.users.noMatch', { q }) : t('admin.users.nobody')}</p>
        </EmptyState>
      ) : (
        <Card className="overflow-hidden">
          <ul className="divide-y divide-stone-100">
            {rows.map((row) => (
              <li
                key={row.id}
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-6 sm:px-6"
              >
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-semibold text-stone-900">
                    <Link to={`/user/${row.id}`} className="truncate hover:underline">
                      {row.fullName}
                    </Link>
                    {row.isVerifiedCommunity ? (
                      <Badge tone="teal" icon={BadgeCheck}>
                        {t('admin.users.verified')}
                      </Badge>
                    ) : null}
                    {row.isAdmin ? (
                      <Badge tone="violet" icon={ShieldAlert}>
                        {t('admin.users.admin')}
                      </Badge>
                    ) : null}
                  </p>
                  <p className="truncate text-sm text-stone-700">
                    {row.username ? `@${row.username} · ` : ''}
                    {row.email}
                  </p>
                  <p className="text-xs text-stone-600">
                    {t('admin.users.joined', { date: formatCardDate(row.createdAt) })}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-4">
                  <VerifiedToggle row={row} />
                  <SuspendControls row={row} />
                </div>
              </li>
            ))}
          </ul>
        </Card>
      )}

      <LoadMoreButton pages={users}>{t('admin.loadMore')}</LoadMoreButton>
    </div>
  );
}
