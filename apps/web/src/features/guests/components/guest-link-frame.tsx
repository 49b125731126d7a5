import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';

/** The card the pages of a guest's e-mail links stand in (confirm, manage: decisions 040 and 056). */
export function GuestLinkFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md">
      <title>{title}</title>
      <div className="rounded-3xl border border-stone-200/80 bg-white p-8 text-center shadow-(--shadow-lift)">
        {children}
      </div>
    </div>
  );
}

/** While a guest's link is read or spent: a spinner and what is happening, announced. */
export function GuestLinkWaiting({ text }: { text: string }) {
  return (
    <div role="status" className="space-y-4">
      <Loader2 className="mx-auto size-12 animate-spin text-brand-700" aria-hidden="true" />
      <h1 className="font-display text-2xl font-semibold">{text}</h1>
    </div>
  );
}
