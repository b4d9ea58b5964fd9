import type { ReactNode } from 'react';
import { CheckboxGroup } from '@recipehub/ui/checkbox-group';
import { SearchBox } from '@recipehub/ui/search-box';

type CategoryOption = { id: number; name: string };

type RecipeListFiltersProps = {
  className: string;
  search: string;
  categoryIds: number[];
  categories: CategoryOption[] | undefined;
  /** What was typed; not called when, trimmed, it equals the current search. */
  onSearch(search: string): void;
  onCategoriesChange(categoryIds: number[]): void;
  /** Buttons after the filters (home's Clear All Filters). */
  children?: ReactNode;
};

/** The search box and category checkboxes of a recipe list (home, dashboard; spec §2). */
export function RecipeListFilters({
  className,
  search,
  categoryIds,
  categories,
  onSearch,
  onCategoriesChange,
  children,
}: RecipeListFiltersProps) {
  return (
    <div className={className}>
      <SearchBox
        value={search}
        onSearch={(next) => {
          if (next.trim() !== search) onSearch(next);
        }}
      />
      <CheckboxGroup
        legend="Categories"
        options={(categories ?? []).map((category) => ({
          value: String(category.id),
          label: category.name,
        }))}
        value={categoryIds.map(String)}
        onValueChange={(values) => onCategoriesChange(values.map(Number))}
      />
      {children}
    </div>
  );
}
