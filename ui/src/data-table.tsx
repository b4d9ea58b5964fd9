import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import './data-table.css';

export type Column<Row> = {
  key: string;
  header: string;
  cell: (row: Row, index: number) => ReactNode;
};

export type DataTableProps<Row> = {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** Shown instead of the table when there are no rows. */
  empty: ReactNode;
};

/**
 * A table on wide screens and a list of cards under 768 px. Both are rendered; CSS shows one, so
 * assistive technology only meets the visible one (display: none hides the other).
 */
export function DataTable<Row>({ caption, columns, rows, rowKey, empty }: DataTableProps<Row>) {
  if (rows.length === 0) return <EmptyState title={empty} />;
  return (
    <div>
      <div className="rh-table-wrap">
        <table className="rh-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.key}>{column.cell(row, index)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="rh-table-cards" aria-label={caption}>
        {rows.map((row, index) => (
          <li key={rowKey(row)} className="rh-table-card">
            <dl>
              {columns.map((column) => (
                <div key={column.key} style={{ display: 'contents' }}>
                  <dt>{column.header}</dt>
                  <dd>{column.cell(row, index)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
