import type { ComponentProps } from "react";
import { Link } from "react-router";

type Variant = "primary" | "secondary" | "whatsapp";
type Size = "md" | "lg";

const base =
  "inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60";

const variants: Record<Variant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-800",
  secondary: "bg-white text-brand-800 ring-1 ring-brand-700 hover:bg-brand-50",
  whatsapp: "bg-whatsapp text-white hover:brightness-95",
};

const sizes: Record<Size, string> = {
  md: "px-4 py-2 text-base min-h-11 min-w-11",
  lg: "px-6 py-3 text-base min-h-12",
};

export function buttonClasses(variant: Variant = "primary", size: Size = "md", extra = "") {
  return `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim();
}

interface Styled {
  variant?: Variant;
  size?: Size;
}

/** An internal link styled as a button. */
export function ButtonLink({
  variant,
  size,
  className,
  ...props
}: ComponentProps<typeof Link> & Styled) {
  return <Link className={buttonClasses(variant, size, className)} {...props} />;
}

export function Button({
  variant,
  size,
  className,
  type = "button",
  ...props
}: ComponentProps<"button"> & Styled) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />;
}
