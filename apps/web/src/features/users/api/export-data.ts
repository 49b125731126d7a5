import { useMutation } from '@tanstack/react-query';
import { apiRequestWithHeaders } from '../../../lib/api-client.ts';

const FALLBACK_NAME = 'townsquare-export.json';

/** The file name of `Content-Disposition: attachment; filename="…"`. */
function fileNameOf(disposition: string | null): string {
  const match = disposition ? /filename="([^"]+)"/.exec(disposition) : null;
  return match?.[1] ?? FALLBACK_NAME;
}

/** GET /api/users/me/export, saved by the browser as a JSON file. */
export async function downloadMyData(): Promise<void> {
  const { data, headers } = await apiRequestWithHeaders<unknown>('/api/users/me/export');
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(headers.get('Content-Disposition'));
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}
