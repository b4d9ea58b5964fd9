import type { ReactNode } from 'react';
import { SearchXIcon } from './inline-icons';
import './empty-state.css';

export type EmptyStateProps = {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  /** An action such as "Clear All Filters". */
  action?: ReactNode;
};

/** What a list shows when it has nothing, e.g. "No recipes found for this filter.". */
export function EmptyState({ title, description, icon, action }: EmptyStateProps) {
  return (
    <div className="rh-empty-state" role="status">
      <span className="rh-empty-state__icon" aria-hidden>
        {icon ?? <SearchXIcon size={40} />}
      </span>
      <p className="rh-empty-state__title">{title}</p>
      {description && <p className="rh-empty-state__description">{description}</p>}
      {action}
    </div>
  );
}
