import { useRef, type ComponentProps, type ReactNode } from 'react';
import { AlertDialog, Dialog as RadixDialog } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { Button, buttonClasses } from './button.tsx';

// Radix handles focus trapping, Escape, scroll lock and aria wiring; these only add the look.

const overlayClasses = 'fixed inset-0 z-50 bg-black/50';
const contentClasses = cn(
  'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col',
  'rounded-xl border bg-card text-foreground shadow-xl focus:outline-none',
);

export const Dialog = RadixDialog.Root;
export const DialogTrigger = RadixDialog.Trigger;
export const DialogClose = RadixDialog.Close;

export interface DialogContentProps extends Omit<ComponentProps<typeof RadixDialog.Content>, 'title'> {
  title: ReactNode;
  /** a sentence under the title, announced with it; omit when there is none */
  description?: ReactNode;
  /** buttons, right-aligned under the body (stacked on phones) */
  footer?: ReactNode;
  /** wider dialog for forms with long text */
  size?: 'md' | 'lg';
}

/** A modal dialog with a title, a scrolling body, a footer and a close (X) button. */
export function DialogContent({ title, description, footer, size = 'md', className, children, onOpenAutoFocus, onCloseAutoFocus, ...props }: DialogContentProps) {
  // Radix gives focus back to a Dialog.Trigger only; ours mostly open from plain buttons, so focus fell
  // to the page body on close (issue 30 §3). Remember what had it and go back there, or to the element
  // now holding its id if a live update re-rendered it.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Portal>
      <RadixDialog.Overlay className={overlayClasses} />
      <RadixDialog.Content
        className={cn(contentClasses, size === 'lg' && 'max-w-2xl', className)}
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...props}
        onOpenAutoFocus={(e) => {
          opener.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
          onOpenAutoFocus?.(e);
        }}
        onCloseAutoFocus={(e) => {
          onCloseAutoFocus?.(e);
          const el = opener.current;
          const back = el?.isConnected ? el : el?.id ? document.getElementById(el.id) : null;
          if (e.defaultPrevented || !back) return;
          e.preventDefault();
          back.focus();
        }}
      >
        <div className="flex items-start gap-3 border-b px-5 py-4">
          <div className="min-w-0 flex-1">
            <RadixDialog.Title className="text-lg leading-tight font-semibold">{title}</RadixDialog.Title>
            {description && (
              <RadixDialog.Description className="mt-1 text-sm text-muted-foreground">{description}</RadixDialog.Description>
            )}
          </div>
          <RadixDialog.Close className={buttonClasses('ghost', 'icon', '-mt-2 -mr-2 size-9 mobile:size-11')} aria-label="Close dialog">
            <X aria-hidden="true" />
          </RadixDialog.Close>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
        {footer && (
          <div className="flex flex-wrap justify-end gap-2 border-t px-5 py-3 mobile:flex-col-reverse mobile:[&>*]:w-full">
            {footer}
          </div>
        )}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** the question, e.g. the spec's confirmation sentence */
  description: ReactNode;
  confirmLabel: string;
  /** label while the action runs */
  pendingLabel?: string;
  pending?: boolean;
  onConfirm: () => void;
  /** an error from the last attempt, shown in the dialog */
  error?: ReactNode;
  /** more than a sentence (a list, a way out first), under the description */
  children?: ReactNode;
  /** the confirm button cannot succeed now (the dialog says why) */
  confirmDisabled?: boolean;
  /**
   * The step the dialog recommends (Start, issue 39): its button comes first, right under the
   * question and before whatever else the dialog offers, in the primary colour, and has the focus.
   */
  recommended?: boolean;
}

/** A yes/no question for destructive actions (Radix AlertDialog: no dismiss by clicking outside). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  error,
  children,
  confirmDisabled,
  recommended = false,
}: ConfirmDialogProps) {
  const confirm = useRef<HTMLButtonElement>(null);
  // A plain button, not AlertDialog.Action, so the dialog stays open until the action has finished.
  const confirmButton = (
    <Button ref={confirm} className={recommended ? undefined : 'bg-danger text-white hover:bg-danger/90'} onClick={onConfirm} disabled={pending || confirmDisabled}>
      {pending ? (pendingLabel ?? confirmLabel) : confirmLabel}
    </Button>
  );
  const cancelButton = (
    <AlertDialog.Cancel className={buttonClasses('secondary')} disabled={pending}>
      Cancel
    </AlertDialog.Cancel>
  );
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClasses} />
        <AlertDialog.Content
          className={cn(contentClasses, 'max-w-md gap-3 overflow-y-auto p-5')}
          onOpenAutoFocus={(e) => {
            // Radix focuses Cancel; a recommended step takes the focus itself (Enter does what the dialog advises)
            if (!recommended || !confirm.current || confirm.current.disabled) return;
            e.preventDefault();
            confirm.current.focus();
          }}
        >
          <AlertDialog.Title className="text-lg leading-tight font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">{description}</AlertDialog.Description>
          {recommended && (
            <div className="flex gap-2 mobile:flex-col mobile:[&>*]:w-full">
              {confirmButton}
              {cancelButton}
            </div>
          )}
          {recommended && error}
          {children}
          {!recommended && error}
          {!recommended && (
            <div className="mt-2 flex justify-end gap-2 mobile:flex-col-reverse mobile:[&>*]:w-full">
              {cancelButton}
              {confirmButton}
            </div>
          )}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
