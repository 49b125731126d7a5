import * as AvatarPrimitive from '@radix-ui/react-avatar';
import { UserRound } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

interface AvatarProps {
  src?: string | null | undefined;
  /** Describes the person; empty when a name is printed right next to the picture. */
  alt: string;
  className?: string;
}

/** The profile image, or a generic person icon when there is none or it fails to load. */
export function Avatar({ src, alt, className }: AvatarProps) {
  return (
    <AvatarPrimitive.Root
      className={cn(
        'relative inline-flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 ring-2 ring-white',
        className,
      )}
    >
      {src ? <AvatarPrimitive.Image src={src} alt={alt} className="size-full object-cover" /> : null}
      <AvatarPrimitive.Fallback
        delayMs={src ? 400 : 0}
        className="flex size-full items-center justify-center"
      >
        <UserRound className="size-[55%] text-brand-800" aria-hidden="true" />
        {alt ? <span className="sr-only">{alt}</span> : null}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
