import type { ComponentPropsWithRef } from 'react';
import { buttonClasses, type ButtonSize, type ButtonVariant } from './button-classes';
import { Spinner } from './spinner';

export type PlainButtonProps = Omit<ComponentPropsWithRef<'button'>, 'className'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  isPending?: boolean;
};

/**
 * The shared button's look and pending behaviour on a native <button>, for what the first screens show
 * (the sign-in form, the session check's error): react-aria's Button would bring the largest library of
 * the app to a page that has nothing else of it. While pending it stays focusable, says so
 * (aria-disabled) and ignores presses, so a form cannot be sent twice. Elsewhere use Button.
 */
export function PlainButton({
  variant,
  size,
  className,
  isPending = false,
  type = 'button',
  onClick,
  children,
  ...props
}: PlainButtonProps) {
  return (
    <button
      {...props}
      type={type}
      aria-disabled={isPending || props['aria-disabled']}
      data-pending={isPending || undefined}
      onClick={(event) => {
        if (isPending) return event.preventDefault();
        onClick?.(event);
      }}
      className={buttonClasses({ variant, size, className })}
    >
      {isPending ? <Spinner /> : null}
      {children}
    </button>
  );
}
