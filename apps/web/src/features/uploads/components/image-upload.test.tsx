import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/factories.ts';
import { stubFetch } from '../../../test/fetch.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { ImageUpload } from './image-upload.tsx';

afterEach(() => vi.unstubAllGlobals());

function fileOf(name: string, type: string, bytes: number): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: bytes });
  return file;
}

function pick(file: File) {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
}

function drop(file: File) {
  fireEvent.drop(screen.getByTestId('image-drop-zone'), { dataTransfer: { files: [file] } });
}

/** Stands in for the browser's XMLHttpRequest: reports progress, then answers with `status`. */
function fakeXhr(status: number, log: { url?: string; headers: Record<string, string> }) {
  return class {
    status = 0;
    upload: {
      onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
    } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    withCredentials = true;
    open(_method: string, url: string) {
      log.url = url;
    }
    setRequestHeader(name: string, value: string) {
      log.headers[name] = value;
    }
    send() {
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.status = status;
        this.onload?.();
      }, 5);
    }
  };
}

describe('ImageUpload', () => {
  const noop = () => undefined;

  it('refuses a picked file that is not an image', async () => {
    renderWithApp(<ImageUpload label="Picture" value={null} onChange={noop} />);
    pick(fileOf('notes.txt', 'text/plain', 10));
    expect(await screen.findAllByText('Please select an image file')).not.toHaveLength(0);
  });

  it('refuses a dropped file that is not an image', async () => {
    renderWithApp(<ImageUpload label="Picture" value={null} onChange={noop} />);
    drop(fileOf('notes.pdf', 'application/pdf', 10));
    expect(await screen.findAllByText('Please drop an image file')).not.toHaveLength(0);
  });

  it('enforces the size limit with the default message', async () => {
    renderWithApp(<ImageUpload label="Picture" value={null} onChange={noop} maxMB={10} />);
    pick(fileOf('big.png', 'image/png', 10 * 1024 * 1024 + 1));
    expect(await screen.findAllByText('File size must be less than 10MB')).not.toHaveLength(0);
  });

  it('uses the profile-setup wording and type list when given', async () => {
    renderWithApp(
      <ImageUpload
        label="Picture"
        value={null}
        onChange={noop}
        types={['image/png', 'image/jpeg']}
        tooLargeMessage="Image size should be less than 5MB"
      />,
    );
    pick(fileOf('big.jpg', 'image/jpeg', 6 * 1024 * 1024));
    expect(await screen.findAllByText('Image size should be less than 5MB')).not.toHaveLength(0);
    pick(fileOf('anim.gif', 'image/gif', 100));
    expect(await screen.findAllByText('Invalid file type')).not.toHaveLength(0);
  });

  it('gets a signed URL, PUTs the bytes with progress and hands over the public URL', async () => {
    const fetchMock = stubFetch(async () =>
      jsonResponse({ signedUrl: '/uploads/put/abc?sig=1', publicUrl: '/uploads/abc.png', key: 'abc' }, 201),
    );
    const log: { url?: string; headers: Record<string, string> } = { headers: {} };
    vi.stubGlobal('XMLHttpRequest', fakeXhr(200, log));
    const onChange = vi.fn();
    renderWithApp(<ImageUpload label="Picture" value={null} onChange={onChange} folder="profile-image" />);
    drop(fileOf('me.png', 'image/png', 2048));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith('/uploads/abc.png'));
    expect(JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual(
      {
        fileName: 'me.png',
        fileType: 'image/png',
        folder: 'profile-image',
      },
    );
    expect(log.url).toBe('/uploads/put/abc?sig=1');
    expect(log.headers).toEqual({ 'Content-Type': 'image/png' });
    expect(await screen.findByText('Image uploaded successfully')).toBeInTheDocument();
  });

  it('reports a failed upload with its status code', async () => {
    stubFetch(async () =>
      jsonResponse({ signedUrl: '/uploads/put/abc', publicUrl: '/uploads/abc.png', key: 'abc' }),
    );
    vi.stubGlobal('XMLHttpRequest', fakeXhr(403, { headers: {} }));
    const onChange = vi.fn();
    renderWithApp(<ImageUpload label="Picture" value={null} onChange={onChange} />);
    pick(fileOf('me.png', 'image/png', 2048));
    expect(
      await screen.findByText('Image upload failed: Upload failed with status: 403'),
    ).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('reports "Failed to get upload URL" when the server will not sign', async () => {
    stubFetch(async () => new Response('', { status: 500 }));
    renderWithApp(<ImageUpload label="Picture" value={null} onChange={noop} />);
    pick(fileOf('me.png', 'image/png', 2048));
    expect(await screen.findByText('Image upload failed: Failed to get upload URL')).toBeInTheDocument();
  });
});
