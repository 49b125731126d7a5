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
