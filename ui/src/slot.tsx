import { cloneElement, isValidElement, type HTMLAttributes, type ReactNode, type Ref } from 'react';

type SlotProps = HTMLAttributes<HTMLElement> & { children?: ReactNode; ref?: Ref<HTMLElement> };
type AnyProps = Record<string, unknown>;

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/**
 * Renders its only child with the slot's props merged in (Button's `asChild`), like Radix's Slot
 * but without its runtime in the app's first download. The child's own props win, except that
 * event handlers run both (the child's first), class names join and styles merge.
 */
export function Slot({ children, ...slotProps }: SlotProps) {
  if (!isValidElement<AnyProps>(children)) return null;
  const childProps = children.props;
  const merged: AnyProps = { ...slotProps, ...childProps };
  for (const [key, slotValue] of Object.entries(slotProps as AnyProps)) {
    const childValue = childProps[key];
    if (
      /^on[A-Z]/.test(key) &&
      typeof slotValue === 'function' &&
      typeof childValue === 'function'
    ) {
      merged[key] = (...args: unknown[]) => {
        (childValue as (...a: unknown[]) => void)(...args);
        (slotValue as (...a: unknown[]) => void)(...args);
      };
    } else if (key === 'className' && childValue) {
      merged.className = `${slotValue as string} ${childValue as string}`;
    } else if (key === 'style' && childValue) {
      merged.style = { ...(slotValue as object), ...(childValue as object) };
    } else if (key === 'ref' && childValue) {
      merged.ref = (node: HTMLElement | null) => {
        setRef(slotValue as Ref<HTMLElement>, node);
        setRef(childValue as Ref<HTMLElement>, node);
      };
    }
  }
  return cloneElement(children, merged);
}
