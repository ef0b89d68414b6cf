/**
 * The native button of the sign-in form and the session check's error. The shared Button is native too
 * now (issue 14): this name stays so existing imports keep working.
 */
export { Button as PlainButton, type ButtonProps as PlainButtonProps } from './button';
