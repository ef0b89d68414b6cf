import type { ComponentPropsWithRef, MouseEvent } from 'react';
import { buttonClasses, type ButtonSize, type ButtonVariant } from './button-classes';
import { Spinner } from './spinner';

export type ButtonProps = Omit<ComponentPropsWithRef<'button'>, 'className'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  /** Called on a click, Enter or Space (the native button's activation). */
  onPress?: () => void;
  isDisabled?: boolean;
  isPending?: boolean;
};

/**
 * The shared button, a native <button>: react-aria's Button would put the largest library of the app on
 * every screen's first load for what the browser already does (keyboard activation, focus,
 * :active, :disabled). With `isPending` it shows a spinner, stays focusable, says so (aria-disabled) and
 * ignores presses, so nothing is sent twice. `type` defaults to "button" (not the browser's "submit").
 * Inside a react-aria trigger (MenuTrigger, DialogTrigger) use react-aria's own Button: it needs its press
 * context.
 */
export function Button({
  variant,
  size,
  className,
  isPending = false,
  isDisabled,
  disabled,
  type = 'button',
  onPress,
  onClick,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      {...props}
      type={type}
      disabled={isDisabled ?? disabled}
      aria-disabled={isPending || props['aria-disabled']}
      data-pending={isPending || undefined}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        if (isPending) return event.preventDefault();
        onClick?.(event);
        onPress?.();
      }}
      className={buttonClasses({ variant, size, className })}
    >
      {isPending ? <Spinner /> : null}
      {children}
    </button>
  );
}
