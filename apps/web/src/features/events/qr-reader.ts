type Detector = { detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>> };
type DetectorClass = new (options: { formats: string[] }) => Detector;

/** Reads the QR code in the video's current frame, if any. */
export type ReadFrame = (video: HTMLVideoElement) => Promise<string | undefined>;

/** The longest side a frame is scaled to before jsQR reads it (enough for a ticket held up close). */
const SCRIPT_FRAME = 640;

/**
 * A frame reader: the browser's BarcodeDetector where it reads QR codes, or jsQR (loaded only
 * now, on the check-in page) reading the frame drawn on a canvas.
 */
export async function openQrReader(kind: 'native' | 'script'): Promise<ReadFrame> {
  if (kind === 'native') {
    const Barcode = (globalThis as unknown as { BarcodeDetector: DetectorClass }).BarcodeDetector;
    const detector = new Barcode({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video).catch(() => []))[0]?.rawValue;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    const { videoWidth: w, videoHeight: h } = video;
    if (!context || w === 0 || h === 0) return undefined;
    const scale = Math.min(1, SCRIPT_FRAME / Math.max(w, h));
    canvas.width = Math.round(w * scale);
    canvas.height = Math.round(h * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return (
      jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data || undefined
    );
  };
}
