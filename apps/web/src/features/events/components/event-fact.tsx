import type { ComponentType, ReactNode } from 'react';

/*
 * One fact of an event in a `<dl>` (its date, place, cost…): an icon and a label, then the value.
 * A card lists them small, the label for screen readers only; the event's page shows the label
 * over the value, the icon in a tile beside them.
 */
const LOOKS = {
  card: {
    row: 'flex min-w-0 items-start gap-2',
    term: 'mt-0.5 shrink-0 text-stone-500',
    tile: undefined,
    icon: 'size-4',
    label: 'sr-only',
    value: 'min-w-0',
  },
  page: {
    row: 'relative min-h-10 pl-13',
    term: 'text-xs font-semibold tracking-wide text-stone-600 uppercase',
    tile: 'absolute top-0 left-0 flex size-10 items-center justify-center rounded-xl bg-brand-50 text-brand-800',
    icon: 'size-5',
    label: undefined,
    value: 'mt-0.5 text-stone-900',
  },
} as const;

export function EventFact({
  icon: Icon,
  label,
  look,
  children,
}: {
  icon: ComponentType<{ className?: string }>;
  label: string;
  look: keyof typeof LOOKS;
  children: ReactNode;
}) {
  const classes = LOOKS[look];
  const icon = <Icon className={classes.icon} aria-hidden="true" />;
  return (
    <div className={classes.row}>
      <dt className={classes.term}>
        {classes.tile ? <span className={classes.tile}>{icon}</span> : icon}
        {classes.label ? <span className={classes.label}>{label}</span> : label}
      </dt>
      <dd className={classes.value}>{children}</dd>
    </div>
  );
}
