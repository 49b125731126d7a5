import { Check, Download, Link2, QrCode, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { fileName } from '../lib/file-name.ts';
import { useT } from '../lib/i18n/intl.tsx';
import { Alert } from './ui/alert.tsx';
import { Button } from './ui/button.tsx';
import { TitledDialog } from './ui/dialog.tsx';
import { Skeleton } from './ui/skeleton.tsx';

/** A file name for the QR code's picture: "quiz-night-qr.png". */
export const qrFileName = (title: string) => fileName(title, 'qr.png');

/** The QR code of `url` as a PNG data URL, drawn in the browser by the lazily loaded qrcode package. */
function useQrImage(url: string, enabled: boolean) {
  const [image, setImage] = useState<{ url: string; src: string } | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!enabled || url === '') return;
    let live = true;
    import('qrcode')
      .then(({ default: QRCode }) =>
        QRCode.toDataURL(url, { width: 320, margin: 2, errorCorrectionLevel: 'M' }),
      )
      .then((src) => {
        if (live) setImage({ url, src });
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [url, enabled]);
  return { src: image?.url === url ? image.src : null, failed };
}

function QrDialog({ title, url }: { title: string; url: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const qr = useQrImage(url, open);
  return (
    <TitledDialog
      open={open}
      onOpenChange={setOpen}
      className="max-w-sm"
      trigger={
        <Button variant="secondary" disabled={url === ''}>
          <QrCode aria-hidden="true" />
          {t('common.share.qr')}
        </Button>
      }
      title={t('common.share.qr')}
      description={t('common.share.qrHelp', { title })}
    >
      {qr.failed ? (
        <Alert variant="error">{t('common.share.qrFailed')}</Alert>
      ) : qr.src ? (
        <div className="space-y-3">
          <img
            src={qr.src}
            alt={t('common.share.qrAlt', { url })}
            width={320}
            height={320}
            className="mx-auto size-64"
          />
          <p className="break-all text-center text-sm text-stone-700">{url}</p>
          <a
            href={qr.src}
            download={qrFileName(title)}
            className="inline-flex w-full items-center justify-center gap-2 rounded-full border border-stone-300 px-4 py-2 text-sm font-semibold text-stone-900 hover:bg-stone-50"
          >
            <Download className="size-4" aria-hidden="true" />
            {t('common.share.download')}
          </a>
        </div>
      ) : (
        <Skeleton className="mx-auto size-64" />
      )}
    </TitledDialog>
  );
}

/**
 * Share a page: the phone's share sheet where there is one, copy the link, and a QR code to show
 * or print. `url` is '' during the server render: the buttons are disabled until hydration
 * knows the link, so a click on the server's HTML is not silently lost.
 */
export function ShareButtons({ title, url }: { title: string; url: string }) {
  const t = useT();
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copied = copy === 'copied';
  // Known only in the browser: decided with the origin, after hydration.
  const canShare = url !== '' && typeof navigator.share === 'function';

  useEffect(() => {
    if (copy !== 'copied') return;
    const timer = setTimeout(() => setCopy('idle'), 3000);
    return () => clearTimeout(timer);
  }, [copy]);

  async function copyLink() {
    try {
      // A page over plain http (a LAN address) has no navigator.clipboard; the browser may refuse too.
      await navigator.clipboard.writeText(url);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  }

  return (
    <div className="flex flex-wrap gap-2">
      {canShare ? (
        <Button
          variant="secondary"
          onClick={() => {
            // A dismissed share sheet rejects; nothing to tell.
            navigator.share({ title, url }).catch(() => undefined);
          }}
        >
          <Share2 aria-hidden="true" />
          {t('common.share.share')}
        </Button>
      ) : null}
      <Button variant="secondary" disabled={url === ''} onClick={() => void copyLink()}>
        {copied ? <Check aria-hidden="true" /> : <Link2 aria-hidden="true" />}
        {copied ? t('common.share.copied') : t('common.share.copy')}
      </Button>
      <QrDialog title={title} url={url} />
      {/* Always in the page, so a screen reader announces what is written into it. */}
      <p
        role="status"
        aria-live="polite"
        className={copy === 'failed' ? 'basis-full text-sm text-rose-800' : 'sr-only'}
      >
        {copied ? t('common.share.copied') : copy === 'failed' ? t('common.share.copyFailed') : ''}
      </p>
    </div>
  );
}
