import sharp from 'sharp';

/**
 * The pictures the upload tests send: a small PNG, and a JPEG whose EXIF names the camera and
 * where it was taken (what the server must strip).
 */
export async function testImages(): Promise<{ png: Buffer; jpegWithGps: Buffer }> {
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#c2410c' } })
    .png()
    .toBuffer();
  const jpegWithGps = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#0ea5e9' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Secret Phone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
    })
    .toBuffer();
  return { png, jpegWithGps };
}

/** A photo-like JPEG: noise makes it compress as a camera's picture does, not as a flat colour. */
export function noisyPhoto(
  width: number,
  height: number,
  o: { sigma: number; quality: number },
): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#d97706',
      noise: { type: 'gaussian', mean: 128, sigma: o.sigma },
    },
  })
    .jpeg({ quality: o.quality })
    .toBuffer();
}
