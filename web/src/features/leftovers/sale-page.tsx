import { useMemo, useState } from 'react';
import { Plus, Printer, Trash2 } from 'lucide-react';
import { Button } from '@recipehub/ui/button';
import { EmptyState } from '@recipehub/ui/empty-state';
import { formatDate } from '@recipehub/ui/format';
import { Spinner } from '@recipehub/ui/spinner';
import { SelectField, TextField } from '@recipehub/ui/text-field';
import { usePageMeta } from '../../lib/page-meta';
import { trpc } from '../../lib/trpc';
import { LeftoverNav } from './leftover-nav';
import type { Product } from './leftover-types';
import {
  DISCOUNT_STEP,
  MAX_DISCOUNT_PERCENT,
  MAX_QUANTITY,
  VAT_PERCENT,
  calculateInvoice,
  formatCents,
  normaliseQuantity,
  parseDiscountPercent,
  toCents,
} from './sale-invoice';
import { useErrorToast } from '../../lib/use-error-toast';
import './leftovers.css';

interface Line {
  key: number;
  productId: number | null;
  quantity: string;
}

/** A whole number of items from 1 to MAX_QUANTITY, or null. */
function validQuantity(text: string): number | null {
  const value = Number(text);
  return text.trim() !== '' && normaliseQuantity(value) === value && value >= 1 ? value : null;
}

let nextLineKey = 1;
const newLine = (): Line => ({ key: nextLineKey++, productId: null, quantity: '1' });

/**
 * /dashboard/sale/: a sale invoice (spec §9: VAT(5%), discount in steps of 0.25) built from the
 * customer and product lists, which every member may read. The contract has no sale call, so
 * nothing is stored: the invoice can be printed.
 */
export function SalePage() {
  usePageMeta('Sale invoice', 'Build a printable sale invoice with discount and 5% VAT.');
  const customers = trpc.leftovers.customers.list.useQuery();
  const products = trpc.leftovers.products.list.useQuery();
  useErrorToast(customers.error, 'Failed to load customers.');
  useErrorToast(products.error, 'Failed to load products.');

  const [customerId, setCustomerId] = useState<number | null>(null);
  const [lines, setLines] = useState<Line[]>(() => [newLine()]);
  const [discountText, setDiscountText] = useState('0');

  const productById = useMemo(
    () => new Map((products.data ?? []).map((product) => [product.id, product])),
    [products.data],
  );
  const customer = customers.data?.find((row) => row.id === customerId) ?? null;

  const discount = parseDiscountPercent(discountText.trim() === '' ? 0 : Number(discountText));
  const chosen = lines.flatMap((line) => {
    const product = line.productId === null ? undefined : productById.get(line.productId);
    const quantity = validQuantity(line.quantity);
    return product && quantity !== null ? [{ line, product, quantity }] : [];
  });
  const totals = calculateInvoice(
    chosen.map(({ product, quantity }) => ({ unitPrice: product.price, quantity })),
    discount.ok ? discount.basisPoints : 0,
  );

  const updateLine = (key: number, change: Partial<Line>) =>
    setLines((current) =>
      current.map((line) => (line.key === key ? { ...line, ...change } : line)),
    );

  if (customers.isPending || products.isPending) {
    return (
      <main className="page">
        <LeftoverNav />
        <h1 className="page__title">Sale invoice</h1>
        <Spinner label="Loading customers and products…" />
      </main>
    );
  }

  const loadFailed = customers.isError || products.isError;
  const productList: Product[] = products.data ?? [];
  return (
    <main className="page">
      <LeftoverNav />
      <div className="leftover-heading">
        <h1 className="page__title">Sale invoice</h1>
        <Button
          variant="secondary"
          className="no-print"
          onClick={() => window.print()}
          disabled={chosen.length === 0}
        >
          <Printer size={18} aria-hidden /> Print
        </Button>
      </div>
      <p className="leftover-notice no-print" role="note">
        Invoices are not stored: the API has no sale call. Print the invoice to keep it.
      </p>

      {loadFailed ? (
        <EmptyState
          title="Failed to load customers or products."
          description="Reload the page to try again."
        />
      ) : (
        <div className="sale-layout">
          <section className="sale-form no-print" aria-labelledby="sale-form-title">
            <h2 id="sale-form-title" className="leftover-subtitle">
              Details
            </h2>
            <SelectField
              label="Customer"
              value={customerId ?? ''}
              onChange={(event) =>
                setCustomerId(event.target.value === '' ? null : Number(event.target.value))
              }
            >
              <option value="">Walk-in customer</option>
              {customers.data?.map((row) => (
                <option key={row.id} value={row.id}>
                  {row.name} ({row.email})
                </option>
              ))}
            </SelectField>

            <fieldset className="sale-lines">
              <legend className="leftover-label">Products</legend>
              {productList.length === 0 ? (
                <p className="leftover-muted">No products yet: there is nothing to sell.</p>
              ) : (
                <ol className="sale-lines__list">
                  {lines.map((line, index) => (
                    <SaleLineEditor
                      key={line.key}
                      number={index + 1}
                      line={line}
                      products={productList}
                      takenIds={lines.flatMap((other) =>
                        other.key !== line.key && other.productId !== null ? [other.productId] : [],
                      )}
                      onChange={(change) => updateLine(line.key, change)}
                      onRemove={
                        lines.length > 1
                          ? () =>
                              setLines((current) => current.filter((row) => row.key !== line.key))
                          : undefined
                      }
                    />
                  ))}
                </ol>
              )}
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setLines((current) => [...current, newLine()])}
                disabled={productList.length === 0 || lines.length >= productList.length}
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
              value={discountText}
              onChange={(event) => setDiscountText(event.target.value)}
              hint="0 to 100, in steps of 0.25"
              error={discount.ok ? undefined : discount.error}
            />
          </section>

          <section className="sale-invoice" aria-labelledby="sale-invoice-title">
            <h2 id="sale-invoice-title" className="leftover-subtitle">
              Invoice
            </h2>
            <dl className="sale-meta">
              <div>
                <dt>Date</dt>
                <dd>{formatDate(new Date().toISOString())}</dd>
              </div>
              <div>
                <dt>Customer</dt>
                <dd>
                  {customer ? (
                    <>
                      {customer.name}
                      <br />
                      {customer.email}
                      <br />
                      {customer.mobile}
                    </>
                  ) : (
                    'Walk-in customer'
                  )}
                </dd>
              </div>
            </dl>
            <div className="sale-table-wrap">
              <table className="sale-table">
                <caption className="rh-visually-hidden">Invoice lines and totals</caption>
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col" className="leftover-number">
                      Qty
                    </th>
                    <th scope="col" className="leftover-number">
                      Unit price
                    </th>
                    <th scope="col" className="leftover-number">
                      Total
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {chosen.length === 0 ? (
                    <tr>
                      <td colSpan={4} className="leftover-muted">
                        Choose a product to start the invoice.
                      </td>
                    </tr>
                  ) : (
                    chosen.map(({ line, product, quantity }, index) => (
                      <tr key={line.key}>
                        <td>{product.name}</td>
                        <td className="leftover-number">{quantity}</td>
                        <td className="leftover-number">{formatCents(toCents(product.price))}</td>
                        <td className="leftover-number">
                          {formatCents(totals.lineTotalsCents[index] ?? 0)}
                        </td>
                      </tr>
                    ))
                  )}
                </tbody>
                <tfoot>
                  <TotalRow label="Subtotal" cents={totals.subtotalCents} />
                  <TotalRow
                    label={`Discount (${discount.ok ? discount.basisPoints / 100 : 0}%)`}
                    cents={-totals.discountCents}
                  />
                  <TotalRow label="After discount" cents={totals.taxableCents} />
                  <TotalRow label={`VAT(${VAT_PERCENT}%)`} cents={totals.vatCents} />
                  <TotalRow label="Grand total" cents={totals.grandTotalCents} strong />
                </tfoot>
              </table>
            </div>
          </section>
        </div>
      )}
    </main>
  );
}

function TotalRow({ label, cents, strong }: { label: string; cents: number; strong?: boolean }) {
  return (
    <tr className={strong ? 'sale-table__grand' : undefined}>
      <th scope="row" colSpan={3}>
        {label}
      </th>
      <td className="leftover-number">{formatCents(cents)}</td>
    </tr>
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
