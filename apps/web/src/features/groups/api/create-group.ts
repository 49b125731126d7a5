import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A mutation creating a group of either kind: the new group goes into its list's cache in place of
 * any copy, `first` (friend groups, newest first) or `last` (an event's sub-groups, oldest first).
 */
export function useCreateGroup<G extends { id: string }, B>(
  create: (body: B) => Promise<G>,
  listKey: (group: G) => QueryKey,
  at: 'first' | 'last',
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: create,
    onSuccess: (group) =>
      queryClient.setQueryData<G[]>(listKey(group), (list) => {
        const others = (list ?? []).filter((g) => g.id !== group.id);
        return at === 'first' ? [group, ...others] : [...others, group];
      }),
  });
}
