import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * The calls every guest link makes (decision 040), whatever the guest answers: `parent` is what
 * is answered (`events`, `polls`) and `kind` the answers (`guest-rsvps`, `guest-votes`), so
 * `/api/<parent>/:id/<kind>/form` signs the form, `/api/<parent>/:id/<kind>` takes the answer and
 * mails the confirmation link, `/api/<kind>/confirm` confirms, `/api/<kind>/:token` is the guest's
 * own answer behind the manage link. `Confirmed` and `Answer` are what the last two return.
 */
export function guestLinkCalls<Body, Confirmed, Answer>(parent: string, kind: string) {
  const managePath = (token: string) => `/api/${kind}/${encodeURIComponent(token)}`;
  const manageKey = (token: string) => [kind, token];

  /** GET the form token: when the form was rendered, signed by the server. */
  function useFormToken(parentId: string) {
    return useQuery({
      queryKey: [kind, 'form', parentId],
      queryFn: () => api.get<{ formToken: string }>(`/api/${parent}/${parentId}/${kind}/form`),
      staleTime: 60 * 60_000,
      retry: false,
    });
  }

  /** POST the answer: 202 and an e-mail with the confirmation link. */
  function useAnswer(parentId: string) {
    return useMutation({
      mutationFn: (body: Body) => api.post<{ message: string }>(`/api/${parent}/${parentId}/${kind}`, body),
    });
  }

  /**
   * POST the confirmation. A query on purpose (like e-mail verification): the cache key
   * de-duplicates the call, so a re-render never spends the single-use token twice.
   */
  function useConfirm(token: string | null) {
    return useQuery({
      ...queryOptions({
        queryKey: [kind, 'confirm', token ?? ''],
        queryFn: () => api.post<Confirmed>(`/api/${kind}/confirm`, { token: token ?? '' }),
        staleTime: Number.POSITIVE_INFINITY,
        gcTime: Number.POSITIVE_INFINITY,
        retry: false,
      }),
      enabled: Boolean(token),
    });
  }

  /** GET the guest's own answer (nothing without a token). */
  function useOwnAnswer(token: string | null) {
    return useQuery({
      queryKey: manageKey(token ?? ''),
      queryFn: () => api.get<Answer>(managePath(token ?? '')),
      enabled: Boolean(token),
      retry: false,
    });
  }

  return { managePath, manageKey, useFormToken, useAnswer, useConfirm, useOwnAnswer };
}
