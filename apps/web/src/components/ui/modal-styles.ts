import { cn } from '../../lib/cn.ts';

/*
 * The look both kinds of modal share (`Dialog`, and `AlertDialog` that needs an answer): the dimmed
 * page behind, the panel in the middle, its title and its row of buttons.
 */

export const MODAL_OVERLAY =
  'fixed inset-0 z-50 bg-stone-950/50 backdrop-blur-[2px] data-[state=open]:animate-fade-in';

/** The centred panel, `width` wide at most (`max-w-lg`), then the caller's classes. */
export function modalPanel(width: string, className?: string): string {
  return cn(
    'fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-(--shadow-lift) focus:outline-none data-[state=open]:animate-fade-in',
    width,
    className,
  );
}

export const MODAL_TITLE = 'text-lg font-semibold text-stone-900';

export const MODAL_FOOTER = 'mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end';
