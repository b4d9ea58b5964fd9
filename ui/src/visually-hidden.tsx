import type { HTMLAttributes } from 'react';

type VisuallyHiddenProps = HTMLAttributes<HTMLElement> & {
  /** The element to render: a span inside text, a heading for a section, a table's caption. */
  as?: 'span' | 'h2' | 'h3' | 'caption';
};

/**
 * Text for screen readers only ("Edit: Tomato soup" where sighted users see "Edit"): kept in the
 * accessibility tree, taken out of the layout (`.rh-visually-hidden` in the tokens).
 */
export function VisuallyHidden({ as: Tag = 'span', className, ...props }: VisuallyHiddenProps) {
  return <Tag className={['rh-visually-hidden', className].filter(Boolean).join(' ')} {...props} />;
}
