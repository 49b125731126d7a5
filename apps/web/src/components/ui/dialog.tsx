import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps, FormEventHandler, ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import { useT } from '../../lib/i18n/intl.tsx';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { MODAL_FOOTER, MODAL_OVERLAY, MODAL_TITLE, modalPanel } from './modal-styles.ts';

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
      <DialogPrimitive.Overlay className={MODAL_OVERLAY} />
      <DialogPrimitive.Content
        className={modalPanel('max-h-[90vh] max-w-lg overflow-y-auto', className)}
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
  return <div className={cn(MODAL_FOOTER, className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn(MODAL_TITLE, className)} {...props} />;
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
  /** With `onOpenChange`, the caller owns the state; without, the dialog does. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
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
      <DialogActions
        cancel={keep}
        action={confirm}
        variant="destructive"
        pending={pending}
        onAction={onConfirm}
      />
    </TitledDialog>
  );
}

/**
 * The end of a dialog: the error of the last try (if any), then Cancel (closes the dialog) and the
 * action, busy while `pending`: the form's submit button, or a button calling `onAction`.
 */
export function DialogActions({
  cancel,
  action,
  variant,
  pending,
  onAction,
  error,
}: {
  cancel: ReactNode;
  action: ReactNode;
  variant?: 'destructive';
  pending: boolean;
  onAction?: () => void;
  error?: ReactNode;
}) {
  return (
    <>
      {error ? (
        <Alert variant="error" className="mt-4">
          {error}
        </Alert>
      ) : null}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">{cancel}</Button>
        </DialogClose>
        <Button type={onAction ? 'button' : 'submit'} variant={variant} loading={pending} onClick={onAction}>
          {action}
        </Button>
      </DialogFooter>
    </>
  );
}

/**
 * A dialog's form: its title and the line under it (`descriptionId` when the dialog names it in
 * `aria-describedby`), the fields, then `DialogActions` submitting it.
 */
export function DialogForm({
  onSubmit,
  title,
  description,
  descriptionId,
  children,
  ...actions
}: Omit<ComponentProps<typeof DialogActions>, 'onAction'> & {
  onSubmit: FormEventHandler<HTMLFormElement>;
  title: ReactNode;
  description: ReactNode;
  descriptionId?: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        {/* An id of undefined would replace the one Radix gives the description. */}
        <DialogDescription {...(descriptionId ? { id: descriptionId } : {})}>{description}</DialogDescription>
      </DialogHeader>
      {children}
      <DialogActions {...actions} />
    </form>
  );
}
