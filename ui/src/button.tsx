import { Slot } from './slot';
import type { ComponentProps } from 'react';
import './button.css';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'md' | 'sm' | 'icon';

export type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the child element (e.g. a router Link) with the button's styling. */
  asChild?: boolean;
};

export function Button({
  variant = 'primary',
  size = 'md',
  asChild = false,
  className,
  type,
  ...props
}: ButtonProps) {
  const classes = ['rh-button', className].filter(Boolean).join(' ');
  if (asChild) {
    return <Slot data-variant={variant} data-size={size} className={classes} {...props} />;
  }
  return (
    <button
      type={type ?? 'button'}
      data-variant={variant}
      data-size={size}
      className={classes}
      {...props}
    />
  );
}
