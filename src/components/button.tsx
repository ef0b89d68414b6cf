import type { ReactNode } from 'react';
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { buttonClasses, type ButtonSize, type ButtonVariant } from './button-classes';
import { Spinner } from './spinner';

export type ButtonProps = Omit<AriaButtonProps, 'className' | 'children'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  children?: ReactNode;
};

/**
 * The shared button (react-aria: press, keyboard and focus handling). With `isPending` it shows a
 * spinner, stays focusable, announces the pending state and cannot be pressed or submit a form twice.
 */
export function Button({ variant, size, className, children, isPending, ...props }: ButtonProps) {
  return (
    <AriaButton {...props} isPending={isPending} className={buttonClasses({ variant, size, className })}>
      {isPending ? <Spinner /> : null}
      {children}
    </AriaButton>
  );
}
