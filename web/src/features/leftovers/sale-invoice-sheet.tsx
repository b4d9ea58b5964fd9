import { formatDate } from '@recipehub/ui/format';
import { VisuallyHidden } from '@recipehub/ui/visually-hidden';
import { VAT_PERCENT, formatCents, toCents } from './sale-invoice';
import type { SaleDraft } from './use-sale-draft';

/** The invoice as printed: date, customer, lines and totals. */
export function SaleInvoiceSheet({ draft }: { draft: SaleDraft }) {
  const { customer, chosen, totals, discount } = draft;
  return (
    <section className="sale-invoice" aria-labelledby="sale-invoice-title">
      <h2 id="sale-invoice-title" className="leftover-subtitle">
        Invoice
      </h2>
      <InvoiceMeta customer={customer} />
      <div className="sale-table-wrap">
        <table className="sale-table">
          <VisuallyHidden as="caption">Invoice lines and totals</VisuallyHidden>
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
  );
}

/** The invoice's date and who it is for. */
function InvoiceMeta({ customer }: { customer: SaleDraft['customer'] }) {
  return (
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
