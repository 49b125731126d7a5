import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { useT } from '../../lib/i18n/intl.tsx';
import { Button } from './button.tsx';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/** Radix traps focus inside, restores it on close and closes on Escape or an outside click. */
export function DialogContent({
  className,
  children,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  const t = useT();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-stone-950/50 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-(--shadow-lift) focus:outline-none data-[state=open]:animate-fade-in',
          className,
        )}
        {...props}
      >
        {children}
        <DialogPrimitive.Close className="absolute top-4 right-4 rounded-full p-1.5 text-stone-600 transition-colors hover:bg-stone-100 hover:text-stone-900">
          <X className="size-4" aria-hidden="true" />
          <span className="sr-only">{t('common.close')}</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mb-4 space-y-1.5 pr-8', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title className={cn('text-lg font-semibold text-stone-900', className)} {...props} />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-stone-600', className)} {...props} />;
}

/**
 * A dialog with its heading: the title and the line under it, then `children` (a form, most often,
 * ending in a `DialogFooter`). `trigger` is the button that opens it, when the dialog owns one.
 */
export function TitledDialog({
  open,
  onOpenChange,
  title,
  description,
  trigger,
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  trigger?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/**
 * A titled dialog that asks before a destructive change: `keep` closes it, `confirm` (destructive,
 * busy while `pending`) calls `onConfirm`. `trigger` is the button that opens it.
 */
export function ConfirmChangeDialog({
  keep,
  confirm,
  pending,
  onConfirm,
  ...dialog
}: Omit<ComponentProps<typeof TitledDialog>, 'children' | 'className'> & {
  keep: ReactNode;
  confirm: ReactNode;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <TitledDialog {...dialog}>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">{keep}</Button>
        </DialogClose>
        <Button variant="destructive" loading={pending} onClick={onConfirm}>
          {confirm}
        </Button>
      </DialogFooter>
    </TitledDialog>
  );
}
