import type { UseQueryResult } from '@tanstack/react-query';
import { CHAT_LIMITS, CHAT_MSG } from '@townsquare/contracts';
import { type ReactNode, useId } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { cn } from '../../../lib/cn.ts';

/** A group's name as typed, trimmed, or why it cannot be one (every kind needs a non-blank name). */
export function checkGroupName(typed: string): { name: string; error?: undefined } | { error: string } {
  const name = typed.trim();
  return name ? { name } : { error: CHAT_MSG.nameRequired };
}

/** The name field of every kind of group: creating one, or renaming it. */
export function GroupNameField({
  label,
  value,
  onChange,
  error,
  placeholder,
  autoFocus,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  placeholder?: string;
  autoFocus?: boolean;
  className?: string;
}) {
  const id = useId();
  return (
    <FormField id={`${id}-name`} label={label} error={error} className={className}>
      {(control) => (
        <Input
          {...control}
          autoFocus={autoFocus}
          value={value}
          maxLength={CHAT_LIMITS.groupNameMax}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </FormField>
  );
}

/** A list of groups while it loads, when it failed and when it is empty; then the list itself. */
export function GroupListStatus<T>({
  query,
  loadingLabel,
  errorText,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  loadingLabel: string;
  errorText: string;
  empty: ReactNode;
  children: (groups: T[]) => ReactNode;
}) {
  if (query.isPending)
    return (
      <div className="space-y-3" role="status" aria-label={loadingLabel}>
        <Skeleton className="h-16" />
        <Skeleton className="h-16" />
      </div>
    );
  if (query.isError) return <Alert variant="error" title={errorMessage(query.error, errorText)} />;
  return query.data.length === 0 ? empty : children(query.data);
}

/** Cancel and the submit button of a group's form (creating one, adding members). */
export function GroupFormActions({
  submitLabel,
  pending,
  onCancel,
  size,
  className,
}: {
  submitLabel: string;
  pending: boolean;
  onCancel: () => void;
  size?: 'sm';
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>
      <Button variant="secondary" size={size} onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" size={size} loading={pending}>
        {submitLabel}
      </Button>
    </div>
  );
}
