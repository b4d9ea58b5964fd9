import { useCallback } from 'react';
import { DataTable, type Column } from '@recipehub/ui/data-table';
import { EmptyState } from '@recipehub/ui/empty-state';
import { Image } from '@recipehub/ui/image';
import { Spinner } from '@recipehub/ui/spinner';
import { usePageMeta } from '../../lib/page-meta';
import { trpc } from '../../lib/trpc';
import { LeftoverNav } from './leftover-nav';
import type { Product } from './leftover-types';
import { includesNeedle, TableFooter, TableToolbar, usePagedRows } from './paged-table';
import { formatCents, toCents } from './sale-invoice';
import { useErrorToast } from '../../lib/use-error-toast';
import './leftovers.css';

const LOAD_FAILED = 'Failed to load products.';

/** /dashboard/product/: the leftover products, read-only (the contract has no product writes). */
export function ProductsPage() {
  usePageMeta('Products', 'The products available to the sale invoice, with their prices.');
  const products = trpc.leftovers.products.list.useQuery();
  useErrorToast(products.error, LOAD_FAILED);
  const matches = useCallback(
    (row: Product, needle: string) => includesNeedle(needle, row.name),
    [],
  );
  const paged = usePagedRows(products.data ?? [], matches);

  const columns: Column<Product>[] = [
    { key: 'number', header: '#', cell: (_, index) => paged.offset + index + 1 },
    {
      key: 'image',
      header: 'Image',
      // The name is in the next column, so the picture itself is decorative.
      cell: (row) => (
        <Image
          src={row.image ?? undefined}
          alt=""
          width={56}
          height={56}
          loading="lazy"
          className="leftover-thumb"
        />
      ),
    },
    { key: 'name', header: 'Name', cell: (row) => row.name },
    {
      key: 'price',
      header: 'Price',
      cell: (row) => <span className="leftover-number">{formatCents(toCents(row.price))}</span>,
    },
  ];

  return (
    <main className="page">
      <LeftoverNav />
      <h1 className="page__title">Products</h1>
      <p className="leftover-muted">
        Products are read-only here: the API offers no way to add or change them.
      </p>
      {products.isPending ? (
        <Spinner label="Loading products…" />
      ) : products.isError ? (
        <EmptyState title={LOAD_FAILED} description="Reload the page to try again." />
      ) : (
        <>
          <TableToolbar paged={paged} searchLabel="Search products" />
          <DataTable
            caption="Products"
            columns={columns}
            rows={paged.pageRows}
            rowKey={(row) => row.id}
            empty={
              products.data.length === 0 ? 'No products yet.' : 'No products match your search.'
            }
          />
          <TableFooter paged={paged} label="Products" />
        </>
      )}
    </main>
  );
}
