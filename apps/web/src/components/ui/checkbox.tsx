import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { Check } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { Label } from './label.tsx';

/** The box: brand-coloured when checked, outlined for the keyboard. */
const CHECKBOX =
  'peer grid size-5 shrink-0 cursor-pointer place-content-center rounded-md border border-stone-400 bg-white shadow-xs transition-colors hover:border-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-50 data-[state=checked]:border-brand-700 data-[state=checked]:bg-brand-700 data-[state=checked]:text-white';

export function Checkbox({ className, ...props }: ComponentProps<typeof CheckboxPrimitive.Root>) {
  return (
    <CheckboxPrimitive.Root className={cn(CHECKBOX, className)} {...props}>
      <CheckboxPrimitive.Indicator>
        <Check className="size-3.5" strokeWidth={3} aria-hidden="true" />
      </CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
}

/** A checkbox with its label beside it; `onCheckedChange` is told a plain true or false. */
export function CheckboxField({
  id,
  label,
  checked,
  onCheckedChange,
  disabled,
  className,
  labelClassName,
}: {
  id: string;
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  className?: string;
  labelClassName?: string;
}) {
  return (
    <div className={cn('flex items-center gap-2.5', className)}>
      <Checkbox
        id={id}
        checked={checked}
        onCheckedChange={(state) => onCheckedChange(state === true)}
        disabled={disabled}
      />
      <Label htmlFor={id} className={labelClassName}>
        {label}
      </Label>
    </div>
  );
}
