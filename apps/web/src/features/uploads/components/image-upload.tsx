import { IMAGE_TYPES } from '@townsquare/contracts';
import { ImagePlus, Trash2, UploadCloud } from 'lucide-react';
import { type DragEvent, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError } from '../../../components/ui/form-field.tsx';
import { Progress } from '../../../components/ui/progress.tsx';
import { cn } from '../../../lib/cn.ts';
import { currentIntl, translate, useT } from '../../../lib/i18n/intl.tsx';
import { putFile } from '../api/put-file.ts';
import { requestUploadUrl } from '../api/request-upload-url.ts';
import { validateImage } from '../validate-image.ts';

interface ImageUploadProps {
  /** The current image URL (ours, from a previous upload), or null. */
  value: string | null;
  onChange: (url: string | null) => void;
  label: string;
  /** 5 for profile pictures, 10 for event images. */
  maxMB?: number;
  /** Exact MIME types allowed; any image when omitted. */
  types?: readonly string[];
  tooLargeMessage?: string;
  folder?: string;
  shape?: 'avatar' | 'banner';
  disabled?: boolean;
  /** Lets the form hold its submit button while bytes are still travelling. */
  onBusyChange?: (busy: boolean) => void;
}

/** "PNG or JPEG", in the current language's words. */
function describeTypes(types: readonly string[] | undefined): string {
  if (!types || types.length === 0) return translate('common.upload.anyType');
  const names = types.map((t) => (t === 'image/jpeg' ? 'JPEG' : t.replace('image/', '').toUpperCase()));
  return currentIntl().formatList(names, { type: 'disjunction' });
}

/**
 * Pick or drop an image; it is checked, sent straight to storage through a signed URL with a real
 * progress bar, and its public URL handed to the form.
 */
export function ImageUpload({
  value,
  onChange,
  label,
  maxMB = 5,
  types,
  tooLargeMessage,
  folder = 'profile-image',
  shape = 'avatar',
  disabled = false,
  onBusyChange,
}: ImageUploadProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = progress !== null;
  const t = useT();

  function setBusy(next: number | null) {
    setProgress(next);
    onBusyChange?.(next !== null);
  }

  async function upload(file: File, source: 'picked' | 'dropped') {
    const problem = validateImage(file, { maxMB, types, tooLargeMessage }, source);
    if (problem) {
      setError(problem);
      toast.error(problem);
      return;
    }
    setError(null);
    setBusy(0);
    const toastId = toast.loading(t('common.upload.preparing'));
    try {
      const { signedUrl, publicUrl } = await requestUploadUrl(file, folder);
      toast.loading(t('common.upload.uploading'), { id: toastId });
      await putFile(file, signedUrl, (percent) => setProgress(percent));
      onChange(publicUrl);
      toast.success(t('common.upload.done'), { id: toastId });
    } catch (err) {
      const message = err instanceof Error && err.message ? err.message : t('common.upload.failed');
      setError(t('common.upload.failedBecause', { message }));
      toast.error(t('common.upload.failed'), { id: toastId, description: message });
    } finally {
      setBusy(null);
      if (inputRef.current) inputRef.current.value = '';
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (disabled || busy) return;
    const file = event.dataTransfer.files[0];
    if (file) void upload(file, 'dropped');
  }

  const round = shape === 'avatar';
  return (
    <div className="space-y-2">
      <p className="text-sm font-semibold text-stone-800" id={`${inputId}-label`}>
        {label}
      </p>
      <section
        aria-labelledby={`${inputId}-label`}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled && !busy) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="image-drop-zone"
        className={cn(
          'flex flex-col gap-4 rounded-2xl border-2 border-dashed p-4 transition-colors sm:flex-row sm:items-center',
          dragging ? 'border-brand-600 bg-brand-50' : 'border-stone-300 bg-stone-50/60',
          disabled && 'opacity-60',
        )}
      >
        <div
          className={cn(
            'flex shrink-0 items-center justify-center overflow-hidden bg-brand-100 text-brand-800',
            round ? 'size-24 self-center rounded-full' : 'aspect-[16/9] w-full rounded-xl sm:w-48',
          )}
        >
          {value ? (
            <img src={value} alt={t('common.upload.current')} className="size-full object-cover" />
          ) : (
            <ImagePlus className="size-8" aria-hidden="true" />
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-2 text-center sm:text-left">
          <p className="text-sm text-stone-700">
            <UploadCloud className="mr-1.5 inline size-4 align-[-3px] text-stone-600" aria-hidden="true" />
            {t('common.upload.drop')}
          </p>
          <p id={hintId} className="text-xs text-stone-600">
            {t('common.upload.limit', { types: describeTypes(types), max: maxMB })}
          </p>
          {busy ? (
            <div className="space-y-1" role="status">
              <Progress value={progress ?? 0} aria-label={t('common.upload.progress')} />
              <p className="text-xs text-stone-700">
                {t('common.upload.percent', { percent: progress ?? 0 })}
              </p>
            </div>
          ) : (
            <div className="flex flex-wrap justify-center gap-2 sm:justify-start">
              <input
                ref={inputRef}
                id={inputId}
                type="file"
                accept={(types && types.length > 0 ? types : IMAGE_TYPES).join(',')}
                className="sr-only"
                tabIndex={-1}
                aria-hidden="true"
                disabled={disabled}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) void upload(file, 'picked');
                }}
              />
              <Button
                size="sm"
                variant="secondary"
                disabled={disabled}
                aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
                onClick={() => inputRef.current?.click()}
              >
                {value ? t('common.upload.change') : t('common.upload.choose')}
              </Button>
              {value ? (
                <Button size="sm" variant="ghost" disabled={disabled} onClick={() => onChange(null)}>
                  <Trash2 aria-hidden="true" />
                  {t('common.upload.remove')}
                </Button>
              ) : null}
            </div>
          )}
        </div>
      </section>
      <FieldError id={errorId} message={error ?? undefined} />
    </div>
  );
}
