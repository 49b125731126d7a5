import { ROLES, type Role } from '@townsquare/contracts/limits';
import { Check } from 'lucide-react';
import type { ReactNode } from 'react';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatRole } from '../../../lib/format.ts';
import { ROLE_DETAILS, roleAbout } from '../roles.ts';

interface RolePickerProps {
  value: Role[];
  onChange: (roles: Role[]) => void;
  variant: 'cards' | 'checkboxes';
  legend: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
  describedBy?: string | undefined;
  invalid?: boolean;
}

function toggle(list: Role[], role: Role, on: boolean): Role[] {
  return on ? ROLES.filter((r) => r === role || list.includes(r)) : list.filter((r) => r !== role);
}

/** Role cards (profile setup) or a compact checkbox list (profile edit); several roles may be held. */
export function RolePicker({
  value,
  onChange,
  variant,
  legend,
  hint,
  disabled,
  describedBy,
  invalid,
}: RolePickerProps) {
  return (
    <fieldset aria-describedby={describedBy} aria-invalid={invalid || undefined} className="space-y-2.5">
      <legend className="text-sm font-semibold text-stone-800">{legend}</legend>
      {hint ? <p className="-mt-1 text-sm text-stone-600">{hint}</p> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        {ROLES.map((role) => {
          const checked = value.includes(role);
          const { icon: Icon } = ROLE_DETAILS[role];
          const id = `role-${role}`;
          if (variant === 'checkboxes') {
            return (
              <div key={role} className="flex items-center gap-2.5">
                <Checkbox
                  id={id}
                  checked={checked}
                  disabled={disabled}
                  onCheckedChange={(state) => onChange(toggle(value, role, state === true))}
                />
                <label htmlFor={id} className="cursor-pointer text-sm font-medium text-stone-800">
                  {formatRole(role)}
                </label>
              </div>
            );
          }
          return (
            <label
              key={role}
              htmlFor={id}
              className={cn(
                'relative flex cursor-pointer gap-3 rounded-2xl border-2 bg-white p-4 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700',
                checked ? 'border-brand-600 bg-brand-50' : 'border-stone-200 hover:border-stone-300',
                disabled && 'cursor-not-allowed opacity-60',
              )}
            >
              <span
                className={cn(
                  'flex size-10 shrink-0 items-center justify-center rounded-xl',
                  checked ? 'bg-brand-700 text-white' : 'bg-stone-100 text-stone-700',
                )}
              >
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block font-semibold text-stone-900">{formatRole(role)}</span>
                <span className="mt-0.5 block text-sm text-stone-700">{roleAbout(role)}</span>
              </span>
              <input
                id={id}
                type="checkbox"
                className="peer sr-only"
                checked={checked}
                disabled={disabled}
                onChange={(event) => onChange(toggle(value, role, event.target.checked))}
              />
              <span
                aria-hidden="true"
                className={cn(
                  'flex size-5 shrink-0 items-center justify-center rounded-md border',
                  checked ? 'border-brand-700 bg-brand-700 text-white' : 'border-stone-400 bg-white',
                )}
              >
                {checked ? <Check className="size-3.5" strokeWidth={3} /> : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
