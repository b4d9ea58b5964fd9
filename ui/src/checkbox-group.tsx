import * as Checkbox from '@radix-ui/react-checkbox';
import { Check } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import './checkbox-group.css';

export type CheckboxOption = { value: string; label: ReactNode; disabled?: boolean };

export type CheckboxGroupProps = {
  legend: ReactNode;
  options: CheckboxOption[];
  value: string[];
  onValueChange: (value: string[]) => void;
  orientation?: 'horizontal' | 'vertical';
  disabled?: boolean;
};

/** A labelled set of checkboxes, e.g. the category filter (values are category ids). */
export function CheckboxGroup({
  legend,
  options,
  value,
  onValueChange,
  orientation = 'horizontal',
  disabled,
}: CheckboxGroupProps) {
  const id = useId();
  return (
    <fieldset className="rh-checkbox-group" data-orientation={orientation} disabled={disabled}>
      <legend className="rh-checkbox-group__legend">{legend}</legend>
      <div className="rh-checkbox-group__list">
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          const checked = value.includes(option.value);
          return (
            <div className="rh-checkbox" key={option.value}>
              <Checkbox.Root
                id={optionId}
                className="rh-checkbox__box"
                checked={checked}
                disabled={disabled || option.disabled}
                onCheckedChange={(next) =>
                  onValueChange(
                    next === true
                      ? [...value, option.value]
                      : value.filter((item) => item !== option.value),
                  )
                }
              >
                <Checkbox.Indicator>
                  <Check size={14} strokeWidth={3} aria-hidden />
                </Checkbox.Indicator>
              </Checkbox.Root>
              <label htmlFor={optionId}>{option.label}</label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
