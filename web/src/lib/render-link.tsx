import { Link } from 'react-router';
import type { RenderLink } from '@recipehub/ui/link';

/** ui components render links through this so navigation stays inside the single-page app. */
export const renderRouterLink: RenderLink = ({ href, ...props }) => <Link to={href} {...props} />;
