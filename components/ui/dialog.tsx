"use client";

import { useEffect, useRef } from "react";
import { Button } from "./button";

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Escape and
 * returns focus to the opener, so keyboard users get the right behaviour for free.
 */
export function Dialog({
  open,
  onClose,
  title,
  children,
  footer,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children?: React.ReactNode;
  footer?: React.ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      onCancel={onClose}
      aria-labelledby="dialog-title"
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40"
    >
      {open ? (
        <div className="p-5">
          <h2 id="dialog-title" className="text-lg font-semibold">
            {title}
          </h2>
          <div className="mt-2 text-sm text-slate-600">{children}</div>
          {footer ? <div className="mt-5 flex flex-wrap justify-end gap-2">{footer}</div> : null}
        </div>
      ) : null}
    </dialog>
  );
}

export function ConfirmDialog({
  open,
  onClose,
  onConfirm,
  title,
  body,
  confirmLabel,
  cancelLabel,
  loading,
  danger,
  children,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: string;
  body?: string;
  confirmLabel: string;
  cancelLabel: string;
  loading?: boolean;
  danger?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button variant={danger ? "danger" : "primary"} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {body ? <p>{body}</p> : null}
      {children}
    </Dialog>
  );
}

/** Cancel, then the button that submits the form `formId` (a form inside the dialog's body). */
export function FormDialogFooter({ formId, submitLabel, cancelLabel, onCancel, loading }: { formId: string; submitLabel: string; cancelLabel: string; onCancel: () => void; loading?: boolean }) {
  return (
    <>
      <Button variant="secondary" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" form={formId} loading={loading}>
        {submitLabel}
      </Button>
    </>
  );
}

/** A dialog holding one form (id `formId`): Cancel closes it, the primary button submits the form. */
export function FormDialog({
  open,
  onClose,
  title,
  formId,
  submitLabel,
  cancelLabel,
  loading,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  formId: string;
  submitLabel: string;
  cancelLabel: string;
  loading?: boolean;
  children?: React.ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} title={title} footer={<FormDialogFooter formId={formId} submitLabel={submitLabel} cancelLabel={cancelLabel} onCancel={onClose} loading={loading} />}>
      {children}
    </Dialog>
  );
}
