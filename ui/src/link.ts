import type { ReactNode } from 'react';

/** What a component needs to render a link; web passes react-router's Link through `renderLink`. */
export type LinkRenderProps = {
  href: string;
  className?: string;
  children: ReactNode;
  onClick?: () => void;
  'aria-current'?: 'page';
};

export type RenderLink = (props: LinkRenderProps) => ReactNode;
