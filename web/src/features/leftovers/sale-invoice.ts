/**
 * The leftover sale invoice's arithmetic (spec §9: VAT(5%), discount percentage in steps of 0.25).
 * Pure and exact: money is whole cents and the discount is whole hundredths of a percent, so every
 * step is integer arithmetic with one explicit rounding (half up) per amount. Numbers stay far
 * below 2^53 for any realistic invoice (a subtotal under 90 billion cents times 10 000).
 */

export const VAT_PERCENT = 5;
export const DISCOUNT_STEP = 0.25;
export const MAX_DISCOUNT_PERCENT = 100;
export const MAX_QUANTITY = 999;

export const DISCOUNT_RANGE_ERROR = 'Discount must be between 0 and 100 percent.';
export const DISCOUNT_STEP_ERROR = 'Discount must be in steps of 0.25 percent.';

export interface InvoiceLineInput {
  /** Unit price as the API answers it: a number with at most two decimals. */
  unitPrice: number;
  quantity: number;
}

export interface InvoiceTotals {
  /** Each line's unit price times quantity, in cents, in input order. */
  lineTotalsCents: number[];
  subtotalCents: number;
  discountCents: number;
  /** Subtotal minus discount: what the VAT is charged on. */
  taxableCents: number;
  vatCents: number;
  grandTotalCents: number;
}

/** A decimal price as whole cents (0.1 + 0.2 style float noise is rounded away). */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

/** `numerator / denominator` rounded half up, for non-negative integers. */
function divideRounded(numerator: number, denominator: number): number {
  return Math.floor((numerator * 2 + denominator) / (denominator * 2));
}

/** The discount in hundredths of a percent (12.25 % -> 1225), or an error text. */
export function parseDiscountPercent(
  value: number,
): { ok: true; basisPoints: number } | { ok: false; error: string } {
  if (!Number.isFinite(value) || value < 0 || value > MAX_DISCOUNT_PERCENT) {
    return { ok: false, error: DISCOUNT_RANGE_ERROR };
  }
  const quarters = value / DISCOUNT_STEP;
  if (Math.abs(quarters - Math.round(quarters)) > 1e-9) {
    return { ok: false, error: DISCOUNT_STEP_ERROR };
  }
  return { ok: true, basisPoints: Math.round(quarters) * 25 };
}

/** Whole, positive and not absurd; anything else counts as zero items. */
export function normaliseQuantity(quantity: number): number {
  if (!Number.isFinite(quantity) || quantity < 0) return 0;
  return Math.min(Math.floor(quantity), MAX_QUANTITY);
}

/**
 * Line totals, subtotal, discount on the subtotal, VAT on the discounted subtotal and the grand
 * total. `discountBasisPoints` comes from `parseDiscountPercent`.
 */
export function calculateInvoice(
  lines: readonly InvoiceLineInput[],
  discountBasisPoints: number,
): InvoiceTotals {
  const lineTotalsCents = lines.map(
    (line) => toCents(line.unitPrice) * normaliseQuantity(line.quantity),
  );
  const subtotalCents = lineTotalsCents.reduce((sum, cents) => sum + cents, 0);
  const discountCents = divideRounded(subtotalCents * discountBasisPoints, 10_000);
  const taxableCents = subtotalCents - discountCents;
  const vatCents = divideRounded(taxableCents * VAT_PERCENT, 100);
  return {
    lineTotalsCents,
    subtotalCents,
    discountCents,
    taxableCents,
    vatCents,
    grandTotalCents: taxableCents + vatCents,
  };
}

const wholeFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Cents as "1,234.50", without going through a float (the contract names no currency). */
export function formatCents(cents: number): string {
  const abs = Math.abs(cents);
  const whole = wholeFormat.format(Math.floor(abs / 100));
  return `${cents < 0 ? '-' : ''}${whole}.${String(abs % 100).padStart(2, '0')}`;
}
