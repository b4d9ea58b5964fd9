import { describe, expect, it } from 'vitest';
import {
  DISCOUNT_RANGE_ERROR,
  DISCOUNT_STEP_ERROR,
  calculateInvoice,
  formatCents,
  normaliseQuantity,
  parseDiscountPercent,
  toCents,
} from '../../web/src/features/leftovers/sale-invoice';

describe('leftover sale invoice', () => {
  it('turns decimal prices into exact cents', () => {
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(1.005)).toBe(100); // 1.005 is 1.00499… as a float; prices have two decimals
  });

  it('accepts discounts from 0 to 100 in steps of 0.25', () => {
    expect(parseDiscountPercent(0)).toEqual({ ok: true, basisPoints: 0 });
    expect(parseDiscountPercent(12.25)).toEqual({ ok: true, basisPoints: 1225 });
    expect(parseDiscountPercent(100)).toEqual({ ok: true, basisPoints: 10_000 });
    expect(parseDiscountPercent(0.1)).toEqual({ ok: false, error: DISCOUNT_STEP_ERROR });
    expect(parseDiscountPercent(-0.25)).toEqual({ ok: false, error: DISCOUNT_RANGE_ERROR });
    expect(parseDiscountPercent(100.25)).toEqual({ ok: false, error: DISCOUNT_RANGE_ERROR });
    expect(parseDiscountPercent(Number.NaN)).toEqual({ ok: false, error: DISCOUNT_RANGE_ERROR });
  });

  it('adds line totals, takes the discount off the subtotal and charges 5% VAT on the rest', () => {
    const totals = calculateInvoice(
      [
        { unitPrice: 19.99, quantity: 3 },
        { unitPrice: 0.1, quantity: 7 },
      ],
      1000,
    );
    expect(totals).toEqual({
      lineTotalsCents: [5997, 70],
      subtotalCents: 6067,
      discountCents: 607, // 606.7 rounded half up
      taxableCents: 5460,
      vatCents: 273,
      grandTotalCents: 5733,
    });
  });

  it('rounds half cents up, once per amount', () => {
    // 2.50 at 1% discount: 2.5 cents -> 3; taxable 247; VAT 12.35 -> 12
    expect(calculateInvoice([{ unitPrice: 2.5, quantity: 1 }], 100)).toMatchObject({
      discountCents: 3,
      taxableCents: 247,
      vatCents: 12,
      grandTotalCents: 259,
    });
    // 0.10 without discount: VAT 0.5 cent -> 1
    expect(calculateInvoice([{ unitPrice: 0.1, quantity: 1 }], 0).vatCents).toBe(1);
  });

  it('charges nothing at a 100% discount and for an empty invoice', () => {
    expect(calculateInvoice([{ unitPrice: 10, quantity: 2 }], 10_000).grandTotalCents).toBe(0);
    expect(calculateInvoice([], 0)).toEqual({
      lineTotalsCents: [],
      subtotalCents: 0,
      discountCents: 0,
      taxableCents: 0,
      vatCents: 0,
      grandTotalCents: 0,
    });
  });

  it('counts only whole, non-negative quantities', () => {
    expect(normaliseQuantity(2.7)).toBe(2);
    expect(normaliseQuantity(-1)).toBe(0);
    expect(normaliseQuantity(Number.NaN)).toBe(0);
    expect(normaliseQuantity(5000)).toBe(999);
  });

  it('formats cents with grouping and two decimals', () => {
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(123_456_789)).toBe('1,234,567.89');
    expect(formatCents(-250)).toBe('-2.50');
  });
});
