import { Plus, Trash2 } from 'lucide-react';
import { Button } from '@recipehub/ui/button';
import { SelectField, TextField } from '@recipehub/ui/text-field';
import type { Customer, Product } from './leftover-types';
import {
  DISCOUNT_STEP,
  MAX_DISCOUNT_PERCENT,
  MAX_QUANTITY,
  formatCents,
  toCents,
} from './sale-invoice';
import { validQuantity, type Line, type SaleDraft } from './use-sale-draft';

type SaleFormProps = { draft: SaleDraft; customers: Customer[]; products: Product[] };

/** The invoice's details, left out of the printout: customer, product lines, discount. */
export function SaleForm({ draft, customers, products }: SaleFormProps) {
  const { lines, discount } = draft;
  return (
    <section className="sale-form no-print" aria-labelledby="sale-form-title">
      <h2 id="sale-form-title" className="leftover-subtitle">
        Details
      </h2>
      <SelectField
        label="Customer"
        value={draft.customerId ?? ''}
        onChange={(event) =>
          draft.setCustomerId(event.target.value === '' ? null : Number(event.target.value))
        }
      >
        <option value="">Walk-in customer</option>
        {customers.map((row) => (
          <option key={row.id} value={row.id}>
            {row.name} ({row.email})
          </option>
        ))}
      </SelectField>

      <fieldset className="sale-lines">
        <legend className="leftover-label">Products</legend>
        {products.length === 0 ? (
          <p className="leftover-muted">No products yet: there is nothing to sell.</p>
        ) : (
          <ol className="sale-lines__list">
            {lines.map((line, index) => (
              <SaleLineEditor
                key={line.key}
                number={index + 1}
                line={line}
                products={products}
                takenIds={lines.flatMap((other) =>
                  other.key !== line.key && other.productId !== null ? [other.productId] : [],
                )}
                onChange={(change) => draft.updateLine(line.key, change)}
                onRemove={lines.length > 1 ? () => draft.removeLine(line.key) : undefined}
              />
            ))}
          </ol>
        )}
        <Button
          variant="secondary"
          size="sm"
          className="sale-lines__add"
          onClick={draft.addLine}
          disabled={products.length === 0 || lines.length >= products.length}
        >
          <Plus size={16} aria-hidden /> Add product
        </Button>
      </fieldset>

      <TextField
        label="Discount (%)"
        type="number"
        inputMode="decimal"
        min={0}
        max={MAX_DISCOUNT_PERCENT}
        step={DISCOUNT_STEP}
        value={draft.discountText}
        onChange={(event) => draft.setDiscountText(event.target.value)}
        hint="0 to 100, in steps of 0.25"
        error={discount.ok ? undefined : discount.error}
      />
    </section>
  );
}
function SaleLineEditor({
  number,
  line,
  products,
  takenIds,
  onChange,
  onRemove,
}: {
  number: number;
  line: Line;
  products: Product[];
  takenIds: number[];
  onChange: (change: Partial<Line>) => void;
  onRemove?: () => void;
}) {
  const quantityError =
    line.productId !== null && validQuantity(line.quantity) === null
      ? `Quantity must be a whole number from 1 to ${MAX_QUANTITY}.`
      : undefined;
  return (
    <li className="sale-line">
      <SelectField
        className="sale-line__product"
        label={`Product ${number}`}
        value={line.productId ?? ''}
        onChange={(event) =>
          onChange({ productId: event.target.value === '' ? null : Number(event.target.value) })
        }
      >
        <option value="">Choose a product</option>
        {products.map((product) => (
          <option key={product.id} value={product.id} disabled={takenIds.includes(product.id)}>
            {product.name} ({formatCents(toCents(product.price))})
          </option>
        ))}
      </SelectField>
      <TextField
        className="sale-line__quantity"
        label={`Quantity ${number}`}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_QUANTITY}
        step={1}
        value={line.quantity}
        onChange={(event) => onChange({ quantity: event.target.value })}
        error={quantityError}
      />
      {onRemove && (
        <Button
          variant="ghost"
          size="icon"
          className="sale-line__remove"
          aria-label={`Remove product ${number}`}
          onClick={onRemove}
        >
          <Trash2 size={18} aria-hidden />
        </Button>
      )}
    </li>
  );
}
