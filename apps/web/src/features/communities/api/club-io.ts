import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Community,
  CommunityExport,
  CommunityImport,
  ImportDates,
  MemberImportPreview,
  MemberImportReport,
} from '@townsquare/contracts';
import { api, apiResponse } from '../../../lib/api-client.ts';
import { communityKeys, slugPath } from '../../../lib/groups/keys.ts';

/** Imports, member invitations, the export, the e-mail consent. */
export const importsKey = (slug: string) => ['communities', 'imports', slug] as const;
export const shareEmailKey = (slug: string) => ['communities', 'share-email', slug] as const;
const running = (i: CommunityImport) => i.state === 'queued' || i.state === 'running';

/**
 * GET /api/communities/:slug/imports (organisers), re-read every second while one runs; when one
 * has just finished, the community's event lists are read again.
 */
export function useCommunityImports(slug: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: importsKey(slug),
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<{ imports: CommunityImport[] }>(importsKey(slug));
      const answer = await api.get<{ imports: CommunityImport[] }>(`${slugPath(slug)}/imports`, signal);
      const ended = answer.imports.some(
        (i) => !running(i) && before?.imports.some((b) => b.id === i.id && running(b)),
      );
      if (ended) void queryClient.invalidateQueries({ queryKey: ['communities', 'events', slug] });
      return answer;
    },
    refetchInterval: (query) => (query.state.data?.imports.some(running) ? 1000 : false),
  });
}

/** POST /api/communities/:slug/imports: a feed address (JSON) or an .ics file (multipart), with `dates`. */
export function useStartImport(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (
      source: ({ url: string; subscribe: boolean } | { file: File }) & { dates: ImportDates },
    ) => {
      let body: unknown = source;
      if ('file' in source) {
        const form = new FormData();
        form.append('dates', source.dates);
        form.append('file', source.file);
        body = form;
      }
      return (await api.post<{ import: CommunityImport }>(`${slugPath(slug)}/imports`, body)).import;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importsKey(slug) }),
  });
}

/** PATCH /api/imports/:id { subscribed } */
export function useSetSubscribed(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, subscribed }: { id: string; subscribed: boolean }) =>
      api.patch<{ import: CommunityImport }>(`/api/imports/${encodeURIComponent(id)}`, { subscribed }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importsKey(slug) }),
  });
}

/** POST /api/communities/:slug/member-imports { csv } → the report. */
export function useInviteMembers(slug: string) {
  return useMutation({
    mutationFn: async (csv: string) =>
      (await api.post<{ report: MemberImportReport }>(`${slugPath(slug)}/member-imports`, { csv })).report,
  });
}

/** POST /api/communities/:slug/member-imports/preview { csv } → what sending would do (decision 076). */
export function usePreviewMembers(slug: string) {
  return useMutation({
    mutationFn: async (csv: string) =>
      (await api.post<{ preview: MemberImportPreview }>(`${slugPath(slug)}/member-imports/preview`, { csv }))
        .preview,
  });
}

/** GET/PUT /api/communities/:slug/share-email: the member's consent to show organisers their e-mail. */
export function useShareEmail(slug: string) {
  return useQuery({
    queryKey: shareEmailKey(slug),
    queryFn: ({ signal }) => api.get<{ shareEmail: boolean }>(`${slugPath(slug)}/share-email`, signal),
  });
}

export function useSetShareEmail(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (share: boolean) =>
      api.put<{ shareEmail: boolean }>(`${slugPath(slug)}/share-email`, { share }),
    onSuccess: (answer) => queryClient.setQueryData(shareEmailKey(slug), answer),
  });
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * GET /api/communities/:slug/export (owner): the zip at once, or (a large community) a job that is
 * polled until its file is ready; the browser saves it.
 */
export async function downloadCommunityExport(slug: string, onWaiting?: () => void): Promise<void> {
  let response = await apiResponse(`${slugPath(slug)}/export`);
  if (response.status === 202) {
    onWaiting?.();
    const { export: job } = (await response.json()) as { export: CommunityExport };
    for (;;) {
      await wait(1500);
      const { export: state } = await api.get<{ export: CommunityExport }>(`/api/exports/${job.id}`);
      if (state.state === 'done') break;
      if (state.state === 'failed') throw new Error('The export failed; try again');
    }
    response = await apiResponse(`/api/exports/${job.id}/file`);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `${slug}.zip`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** POST /api/community-invitations/accept { token }: the signed-in person joins. */
export function useAcceptInvitation(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) =>
      (await api.post<{ community: Community }>('/api/community-invitations/accept', { token })).community,
    onSuccess: (community) => {
      queryClient.setQueryData(communityKeys.detail(slug), community);
      void queryClient.invalidateQueries({ queryKey: communityKeys.mine });
    },
  });
}
