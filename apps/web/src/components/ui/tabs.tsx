import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn('inline-flex max-w-full gap-1 overflow-x-auto rounded-full bg-sand p-1', className)}
      {...props}
    />
  );
}

/** A tab: a white pill when active. */
const TRIGGER =
  'inline-flex cursor-pointer items-center gap-2 rounded-full px-4 py-2 text-sm font-semibold whitespace-nowrap text-stone-700 transition-colors hover:text-stone-900 data-[state=active]:bg-white data-[state=active]:text-brand-900 data-[state=active]:shadow-sm';

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return <TabsPrimitive.Trigger className={cn(TRIGGER, className)} {...props} />;
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content className={cn('mt-6 focus-visible:outline-offset-4', className)} {...props} />
  );
}
