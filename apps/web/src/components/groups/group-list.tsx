import type { UseQueryResult } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { Alert } from '../ui/alert.tsx';
import { LoadingSkeletons } from '../ui/skeleton.tsx';

/**
 * The one list of groups, whatever their kind (friend groups, an event's sub-groups; the friends
 * list too): `skeletons` placeholder rows while it loads, the error when it failed, `empty` when
 * there is none, else one `item` a group in a `<ul>`.
 */
export function GroupList<T extends { id: string }>({
  query,
  loadingLabel,
  errorText,
  empty,
  skeletons = 2,
  className,
  item,
}: {
  query: UseQueryResult<T[]>;
  loadingLabel: string;
  errorText: string;
  empty: ReactNode;
  skeletons?: number;
  /** The `<ul>`'s classes. */
  className: string;
  /** One group's `<li>`. */
  item: (group: T) => ReactNode;
}) {
  if (query.isPending)
    return (
      <LoadingSkeletons className="space-y-3" label={loadingLabel} count={skeletons} barClassName="h-16" />
    );
  if (query.isError) return <Alert variant="error" title={errorMessage(query.error, errorText)} />;
  if (query.data.length === 0) return empty;
  return (
    <ul className={className}>
      {query.data.map((group) => (
        <Fragment key={group.id}>{item(group)}</Fragment>
      ))}
    </ul>
  );
}

/** A group's name over a line about its members, as a list of groups of any kind shows it. */
export function GroupSummary({
  name,
  className,
  detailClassName,
  children,
}: {
  name: string;
  className?: string;
  detailClassName?: string;
  /** The line under the name. */
  children: ReactNode;
}) {
  return (
    <div className={cn('min-w-0 space-y-1', className)}>
      <h3 className="font-semibold text-stone-900">{name}</h3>
      <p className={cn('text-sm text-stone-600', detailClassName)}>{children}</p>
    </div>
  );
}
