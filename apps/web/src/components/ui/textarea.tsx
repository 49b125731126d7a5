import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { inputClassName } from './input.tsx';

export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cn(inputClassName, 'min-h-24 resize-y', className)} {...props} />;
}
