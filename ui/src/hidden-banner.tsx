import { EyeOff } from 'lucide-react';
import './hidden-banner.css';

export type HiddenBannerProps = {
  /** Why the item is hidden, as the moderator or the automatic hiding wrote it. */
  reason: string;
  /** What is hidden, for the heading: "recipe" by default. */
  itemLabel?: string;
};

/**
 * Shown to the author and Admins on a hidden item (issue 30): everyone else gets "not found",
 * so the banner says so, and why. A `status` region: read out once, without taking focus.
 */
export function HiddenBanner({ reason, itemLabel = 'recipe' }: HiddenBannerProps) {
  return (
    <div className="rh-hidden-banner" role="status">
      <EyeOff className="rh-hidden-banner__icon" size={20} aria-hidden />
      <div>
        <p className="rh-hidden-banner__title">
          This {itemLabel} is hidden. Only you and the site's moderators can see it.
        </p>
        <p className="rh-hidden-banner__reason">Reason: {reason}</p>
      </div>
    </div>
  );
}
