import type { ComponentProps } from 'react';
import { inputClassName } from './ui/input.tsx';

type HostSelectProps = Omit<ComponentProps<'select'>, 'value' | 'onChange' | 'className'> & {
  hosts: { id: string; name: string }[];
  /** The first choice: the person themself, as `value` "". */
  none: string;
  value: string;
  onValueChange: (communityId: string) => void;
};

/** Who hosts what is being created: the person, or one of the communities they organise. */
export function HostSelect({ hosts, none, value, onValueChange, ...select }: HostSelectProps) {
  return (
    <select
      {...select}
      value={value}
      onChange={(e) => onValueChange(e.target.value)}
      className={inputClassName}
    >
      <option value="">{none}</option>
      {hosts.map((h) => (
        <option key={h.id} value={h.id}>
          {h.name}
        </option>
      ))}
    </select>
  );
}
