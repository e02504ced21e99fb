import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { Coupon } from './api';
import { bodyFromForm, couponState, EMPTY_FORM, filterCoupons, formFromCoupon, PERCENT, usesText } from './model';

const coupon = (over: Partial<Coupon> = {}): Coupon => ({
  id: 1,
  code: 'VERANO',
  title: 'Verano',
  description: '',
  type: 1,
  discount: 10,
  status: 1,
  from_date: 0,
  to_date: 0,
  use_number_coupon: 0,
  use_number_user: 0,
  use_user_type: 0,
  use_user_category: 0,
  product_categories: [],
  use_products: [],
  products: [],
  min_amount_order: 0,
  cumulative: false,
  notes: '',
  uses: 0,
  created: 0,
  changed: 0,
  ...over,
});

describe('coupon form', () => {
  it('sends empty uses as 0 (unlimited) and days as their midnight', () => {
    const from = dayjs('2026-07-01T15:30:00');
    const body = bodyFromForm({ ...EMPTY_FORM, code: ' VER ', title: 'x', discount: 5, from, to: null });
    expect(body).toMatchObject({ code: 'VER', use_number_coupon: 0, use_number_user: 0, min_amount_order: 0, to: 0 });
    expect(body.from).toBe(dayjs('2026-07-01T00:00:00').unix());
  });

  it('duplicates every rule but the code', () => {
    const f = formFromCoupon(coupon({ use_products: [4, 5], use_number_user: 1, cumulative: true }));
    expect(f).toMatchObject({ code: '', title: 'Verano', type: PERCENT, use_products: [4, 5], use_number_user: 1, use_number_coupon: null, cumulative: true });
  });
});

describe('coupon state', () => {
  it('reads off, scheduled, expired, used up and live', () => {
    expect(couponState(coupon({ status: 0 }), 100)).toBe('inactive');
    expect(couponState(coupon({ from_date: 200 }), 100)).toBe('scheduled');
    expect(couponState(coupon({ to_date: 50 }), 100)).toBe('expired');
    expect(couponState(coupon({ use_number_coupon: 3, uses: 3 }), 100)).toBe('usedUp');
    expect(couponState(coupon(), 100)).toBe('active');
    expect(usesText(coupon({ uses: 2, use_number_coupon: 5 }))).toBe('2 / 5');
    expect(usesText(coupon({ uses: 2 }))).toBe('2');
  });

  it('filters by code or description, any case', () => {
    const list = [coupon(), coupon({ id: 2, code: 'NAVIDAD', title: 'Fiestas' })];
    expect(filterCoupons(list, 'fiest').map((c) => c.id)).toEqual([2]);
    expect(filterCoupons(list, 'ver').map((c) => c.id)).toEqual([1]);
    expect(filterCoupons(list, '  ')).toHaveLength(2);
  });
});
