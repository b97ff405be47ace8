import { forwardRef } from "react";
import { cx } from "./cx";
import { Spinner } from "./icons";

type Variant = "primary" | "secondary" | "danger" | "ghost" | "inverse";
type Size = "sm" | "md";

const variants: Record<Variant, string> = {
  primary: "bg-emerald-700 text-white hover:bg-emerald-800 disabled:bg-emerald-700/60 shadow-sm",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 disabled:text-slate-400 shadow-sm",
  danger: "bg-red-600 text-white hover:bg-red-700 disabled:bg-red-600/60 shadow-sm",
  ghost: "text-slate-700 hover:bg-slate-100 disabled:text-slate-400",
  /** On the dark console header. */
  inverse: "text-slate-200 hover:bg-white/10 hover:text-white disabled:text-slate-500",
};
const sizes: Record<Size, string> = { sm: "h-8 px-3 text-sm gap-1.5", md: "h-10 px-4 text-sm gap-2" };

export const buttonClass = (variant: Variant = "primary", size: Size = "md", extra?: string) =>
  cx(
    "inline-flex shrink-0 items-center justify-center rounded-lg font-medium transition-colors",
    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 disabled:cursor-not-allowed",
    variants[variant],
    sizes[size],
    extra,
  );

export interface ButtonProps extends React.ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
  loading?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = "primary", size = "md", loading, className, children, disabled, type = "button", ...rest },
  ref,
) {
  return (
    <button ref={ref} type={type} className={buttonClass(variant, size, className)} disabled={disabled || loading} aria-busy={loading || undefined} {...rest}>
      {loading ? <Spinner className="h-4 w-4" /> : null}
      {children}
    </button>
  );
});
