/**
 * PUT the raw file to a signed URL (contract 4.11). XMLHttpRequest rather than fetch because only
 * it reports upload progress. No credentials; only the headers the signature names are sent (an
 * S3 URL lists them in X-Amz-SignedHeaders; our own storage only needs the content type).
 */
export function putFile(file: File, signedUrl: string, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', signedUrl);
    xhr.withCredentials = false;
    for (const [name, value] of Object.entries(signedHeaders(signedUrl, file.type))) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve();
      } else {
        reject(new Error(`Upload failed with status: ${xhr.status}`));
      }
    };
    xhr.onerror = () => reject(new Error('Failed to upload file'));
    xhr.onabort = () => reject(new Error('Failed to upload file'));
    xhr.send(file);
  });
}

function signedHeaders(signedUrl: string, fileType: string): Record<string, string> {
  let listed: string[] | null = null;
  try {
    const param = new URL(signedUrl, window.location.href).searchParams.get('X-Amz-SignedHeaders');
    listed = param ? param.toLowerCase().split(';') : null;
  } catch {
    listed = null;
  }
  if (!listed) return { 'Content-Type': fileType };
  const headers: Record<string, string> = {};
  if (listed.includes('content-type')) headers['Content-Type'] = fileType;
  if (listed.includes('x-amz-acl')) headers['x-amz-acl'] = 'public-read';
  if (listed.includes('x-amz-meta-content-type')) headers['x-amz-meta-content-type'] = fileType;
  if (listed.includes('x-amz-checksum-algorithm')) headers['x-amz-checksum-algorithm'] = 'CRC32';
  return headers;
}
