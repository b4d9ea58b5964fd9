import { useMemo, useState } from 'react';
import type { Customer, Product } from './leftover-types';
import { calculateInvoice, normaliseQuantity, parseDiscountPercent } from './sale-invoice';

export interface Line {
  key: number;
  productId: number | null;
  quantity: string;
}

/** A whole number of items from 1 to MAX_QUANTITY, or null. */
export function validQuantity(text: string): number | null {
  const value = Number(text);
  return text.trim() !== '' && normaliseQuantity(value) === value && value >= 1 ? value : null;
}

let nextLineKey = 1;
const newLine = (): Line => ({ key: nextLineKey++, productId: null, quantity: '1' });

/**
 * The invoice being built: its customer, product lines and discount, and what they add up to
 * (only lines with a product and a valid quantity count).
 */
export function useSaleDraft(customers: Customer[] | undefined, products: Product[] | undefined) {
  const [customerId, setCustomerId] = useState<number | null>(null);
  const [lines, setLines] = useState<Line[]>(() => [newLine()]);
  const [discountText, setDiscountText] = useState('0');

  const productById = useMemo(
    () => new Map((products ?? []).map((product) => [product.id, product])),
    [products],
  );
  const customer = customers?.find((row) => row.id === customerId) ?? null;

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

  return {
    customerId,
    setCustomerId,
    customer,
    lines,
    addLine: () => setLines((current) => [...current, newLine()]),
    updateLine: (key: number, change: Partial<Line>) =>
      setLines((current) =>
        current.map((line) => (line.key === key ? { ...line, ...change } : line)),
      ),
    removeLine: (key: number) => setLines((current) => current.filter((row) => row.key !== key)),
    discountText,
    setDiscountText,
    discount,
    chosen,
    totals,
  };
}

export type SaleDraft = ReturnType<typeof useSaleDraft>;
