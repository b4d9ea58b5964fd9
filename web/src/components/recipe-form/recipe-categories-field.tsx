import { CheckboxGroup } from '@recipehub/ui/checkbox-group';
import { Spinner } from '@recipehub/ui/spinner';
import { trpc } from '../../lib/trpc';
import { useErrorToast } from '../../lib/use-error-toast';

export type RecipeCategoriesFieldProps = {
  /** The chosen categories' ids, as the checkboxes' values. */
  value: string[];
  error?: string;
  onValueChange(next: string[]): void;
};

/** The recipe form's categories: loads the list (cached five minutes) and offers each as a checkbox. */
export function RecipeCategoriesField({ value, error, onValueChange }: RecipeCategoriesFieldProps) {
  const categories = trpc.categories.list.useQuery(undefined, { staleTime: 5 * 60_000 });
  useErrorToast(categories.isError, 'Failed to load categories.');

  const options = (categories.data ?? []).map((category) => ({
    value: String(category.id),
    label: category.name,
  }));

  return (
    <div className="recipe-form__categories" aria-busy={categories.isPending || undefined}>
      {categories.isPending ? (
        <Spinner label="Loading categories…" />
      ) : (
        <CheckboxGroup
          legend="Categories"
          options={options}
          value={value}
          onValueChange={onValueChange}
        />
      )}
      {error !== undefined && (
        <p className="recipe-form__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
