import { api } from '../../../lib/api-client.ts';

export interface UploadUrl {
  signedUrl: string;
  publicUrl: string;
  key: string;
}

export const UPLOAD_URL_FAILED = 'Failed to get upload URL';

/** POST /api/upload/signed-url: where to PUT the bytes, and the URL the image will live at. */
export async function requestUploadUrl(file: File, folder?: string): Promise<UploadUrl> {
  try {
    const result = await api.post<UploadUrl>('/api/upload/signed-url', {
      fileName: file.name,
      fileType: file.type,
      ...(folder ? { folder } : {}),
    });
    if (typeof result?.signedUrl !== 'string' || typeof result.publicUrl !== 'string') throw new Error();
    return result;
  } catch {
    throw new Error(UPLOAD_URL_FAILED);
  }
}
