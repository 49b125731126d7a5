import { imageSources } from '@townsquare/contracts';
import { CalendarDays } from 'lucide-react';
import { useState } from 'react';
import { cn } from '../../../lib/cn.ts';

interface EventImageProps {
  src: string | null | undefined;
  className?: string;
  /** The banner on the event page is the largest image there: load it at once. */
  priority?: boolean;
  /** How wide the picture is shown (`<img sizes>`): the browser picks the copy for that width. */
  sizes: string;
}

/** Width and height of the box the picture fills (16:9; object-cover crops the rest). */
const BOX = { width: 1600, height: 900 };

/**
 * The event's picture, or a warm placeholder when there is none or it fails to load. A stored
 * picture is shown from its WebP copies at the shown size (same-origin); should a copy fail, the
 * original `src` is tried before the placeholder.
 */
export function EventImage({ src, className, priority = false, sizes }: EventImageProps) {
  // How far `src` got: its copies failed ('copies'), or the original too ('all').
  const [failed, setFailed] = useState<{ src: string; stage: 'copies' | 'all' } | null>(null);
  const stage = src && failed?.src === src ? failed.stage : undefined;
  const show = src && stage !== 'all';
  const sources = stage === 'copies' ? undefined : imageSources(src);
  return (
    <div className={cn('relative overflow-hidden bg-brand-100', className)}>
      {show ? (
        <img
          // A new element for the original: the failed srcset must not linger in the browser's choice.
          key={sources ? 'copies' : 'original'}
          src={sources?.src ?? src}
          srcSet={sources?.srcSet}
          sizes={sources ? sizes : undefined}
          width={BOX.width}
          height={BOX.height}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
          fetchPriority={priority ? 'high' : 'auto'}
          onError={() => setFailed({ src, stage: sources ? 'copies' : 'all' })}
          className="size-full object-cover"
        />
      ) : (
        <div
          data-testid="event-image-fallback"
          className="flex size-full items-center justify-center bg-[radial-gradient(circle_at_25%_30%,#fed7aa,transparent_55%),radial-gradient(circle_at_80%_70%,#99f6e4,transparent_50%)] text-brand-800"
        >
          <CalendarDays className="size-10 opacity-70" aria-hidden="true" />
        </div>
      )}
    </div>
  );
}
