import { forwardRef, useId } from "react";
import { cx } from "./cx";

/**
 * A labelled form control: label, the control, then either the error (announced,
 * linked by aria-describedby) or the hint. Every form field in the dashboard uses it.
 */
export const controlClass = (invalid?: boolean, extra?: string) =>
  cx(
    "block w-full rounded-lg border bg-white px-3 text-sm text-slate-900 shadow-sm placeholder:text-slate-400",
    "focus:outline-none focus:ring-2 focus:ring-emerald-600/40 disabled:bg-slate-100 disabled:text-slate-500",
    invalid ? "border-red-400 focus:border-red-500" : "border-slate-300 focus:border-emerald-600",
    extra,
  );

interface FieldProps {
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  optionalLabel?: string;
  children: (props: { id: string; "aria-describedby"?: string; "aria-invalid"?: boolean }) => React.ReactNode;
}

/** "(optional)" after a label, as every optional field shows it. */
export function OptionalMark({ text }: { text?: string }) {
  return text ? <span className="ml-1 font-normal text-slate-400">({text})</span> : null;
}

/** A field's error under its control: announced, and named by the control's aria-describedby. */
export function FieldError({ id, error, className }: { id: string; error?: string; className?: string }) {
  return error ? (
    <p id={id} role="alert" className={cx("text-sm text-red-600", className)}>
      {error}
    </p>
  ) : null;
}

export function Field({ label, hint, error, className, optionalLabel, children }: FieldProps) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={cx("space-y-1.5", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
        <OptionalMark text={optionalLabel} />
      </label>
      {children({ id, "aria-describedby": describedBy, "aria-invalid": error ? true : undefined })}
      {error ? (
        <FieldError id={`${id}-error`} error={error} />
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export const Input = forwardRef<HTMLInputElement, React.InputHTMLAttributes<HTMLInputElement>>(function Input({ className, ...rest }, ref) {
  return <input ref={ref} className={controlClass(Boolean(rest["aria-invalid"]), cx("h-10", className))} {...rest} />;
});

export const Select = forwardRef<HTMLSelectElement, React.SelectHTMLAttributes<HTMLSelectElement>>(function Select({ className, ...rest }, ref) {
  return <select ref={ref} className={controlClass(Boolean(rest["aria-invalid"]), cx("h-10 pr-8", className))} {...rest} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, React.TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea({ className, ...rest }, ref) {
  return <textarea ref={ref} className={controlClass(Boolean(rest["aria-invalid"]), cx("py-2", className))} {...rest} />;
});

/** A form's own error (not tied to a field), announced; nothing when there is none. */
export function FormAlert({ message, className, ...rest }: { message: string | null | undefined; className?: string; "data-testid"?: string }) {
  if (!message) return null;
  return (
    <p role="alert" className={cx("rounded-lg bg-red-50 px-3 py-2 text-sm text-red-700", className)} {...rest}>
      {message}
    </p>
  );
}
