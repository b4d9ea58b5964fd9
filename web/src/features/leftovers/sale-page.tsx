import { Printer } from 'lucide-react';
import { Button } from '@recipehub/ui/button';
import { EmptyState } from '@recipehub/ui/empty-state';
import { Spinner } from '@recipehub/ui/spinner';
import { usePageMeta } from '../../lib/page-meta';
import { trpc } from '../../lib/trpc';
import { useErrorToast } from '../../lib/use-error-toast';
import { LeftoverNav } from './leftover-nav';
import { SaleForm } from './sale-form';
import { SaleInvoiceSheet } from './sale-invoice-sheet';
import { useSaleDraft } from './use-sale-draft';
import './leftovers.css';

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
  const draft = useSaleDraft(customers.data, products.data);

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
  return (
    <main className="page">
      <LeftoverNav />
      <div className="leftover-heading">
        <h1 className="page__title">Sale invoice</h1>
        <Button
          variant="secondary"
          className="no-print"
          onClick={() => window.print()}
          disabled={draft.chosen.length === 0}
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
          <SaleForm draft={draft} customers={customers.data ?? []} products={products.data ?? []} />
          <SaleInvoiceSheet draft={draft} />
        </div>
      )}
    </main>
  );
}
