import { List, Map as MapIcon } from 'lucide-react';
import { cn } from '../../../lib/cn.ts';
import { useT } from '../../../lib/i18n/intl.tsx';

export type DiscoveryView = 'list' | 'map';

/** The discovery page's "List" / "Map" switch: two toggle buttons, one pressed. */
export function ListMapToggle({
  value,
  onChange,
}: {
  value: DiscoveryView;
  onChange: (view: DiscoveryView) => void;
}) {
  const t = useT();
  const item = (view: DiscoveryView, label: string, Icon: typeof List) => (
    <button
      type="button"
      aria-pressed={value === view}
      onClick={() => onChange(view)}
      className={cn(
        'inline-flex cursor-pointer items-center gap-1.5 rounded-full px-4 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
        value === view ? 'bg-brand-800 text-white' : 'text-stone-700 hover:bg-stone-100',
      )}
    >
      <Icon className="size-4" aria-hidden="true" />
      {label}
    </button>
  );
  return (
    // biome-ignore lint/a11y/useSemanticElements: two toggle buttons, not a form fieldset.
    <div
      role="group"
      aria-label={t('places.toggle.label')}
      className="inline-flex gap-1 rounded-full border border-stone-200 bg-white p-1"
    >
      {item('list', t('places.toggle.list'), List)}
      {item('map', t('places.toggle.map'), MapIcon)}
    </div>
  );
}
