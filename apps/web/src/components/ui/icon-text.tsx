import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** A small icon before a short text, on one line ("👥 12 members", "📍 Riverside Park"). */
export function IconText({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <span className="inline-flex items-center gap-1">
      <Icon className="size-4" aria-hidden="true" />
      {children}
    </span>
  );
}
