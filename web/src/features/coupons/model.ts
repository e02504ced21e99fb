import type { Dayjs } from 'dayjs';
import { formatCouponDiscount, formatDate, toDayjs } from '../../shared/format';
import type { Coupon, CouponBody } from './api';

/** Spec: type 0 euros, 1 percent; user type 1 recreational, 2 therapeutic (0: any). */
export const EUROS = 0;
export const PERCENT = 1;
export const NOTES_MAX = 200;

/** What the coupon form holds. Empty numbers are null; uses left empty mean unlimited (0). */
export interface CouponForm {
  code: string;
  title: string;
  type: number;
  discount: number | null;
  from: Dayjs | null;
  to: Dayjs | null;
  use_number_coupon: number | null;
  use_number_user: number | null;
  use_user_type: number;
  use_user_category: number | null;
  product_categories: number[];
  use_products: number[];
  min_amount_order: number | null;
  cumulative: boolean;
  notes: string;
}

export const EMPTY_FORM: CouponForm = {
  code: '',
  title: '',
  type: PERCENT,
  discount: null,
  from: null,
  to: null,
  use_number_coupon: null,
  use_number_user: null,
  use_user_type: 0,
  use_user_category: null,
  product_categories: [],
  use_products: [],
  min_amount_order: null,
  cumulative: false,
  notes: '',
};

/** The form filled from a coupon to duplicate: every rule kept, the code left for a new one. */
export function formFromCoupon(c: Coupon): CouponForm {
  return {
    code: '',
    title: c.title,
    type: c.type === PERCENT ? PERCENT : EUROS,
    discount: c.discount,
    from: c.from_date ? toDayjs(c.from_date) : null,
    to: c.to_date ? toDayjs(c.to_date) : null,
    use_number_coupon: c.use_number_coupon || null,
    use_number_user: c.use_number_user || null,
    use_user_type: c.use_user_type ?? 0,
    use_user_category: c.use_user_category || null,
    product_categories: c.product_categories ?? [],
    use_products: c.use_products ?? [],
    min_amount_order: c.min_amount_order || null,
    cumulative: c.cumulative,
    notes: c.notes ?? '',
  };
}

/** The save payload: days as unix seconds (the server takes the whole days), empty uses as 0. */
export function bodyFromForm(f: CouponForm): CouponBody {
  return {
    code: f.code.trim(),
    title: f.title.trim(),
    type: f.type,
    discount: f.discount ?? undefined,
    from: f.from ? f.from.startOf('day').unix() : 0,
    to: f.to ? f.to.startOf('day').unix() : 0,
    use_number_coupon: f.use_number_coupon ?? 0,
    use_number_user: f.use_number_user ?? 0,
    use_user_type: f.use_user_type,
    use_user_category: f.use_user_category ?? 0,
    product_categories: f.product_categories,
    use_products: f.use_products,
    min_amount_order: f.min_amount_order ?? 0,
    cumulative: f.cumulative,
    notes: f.notes,
    status: true,
  };
}

/** The discount as people read it: "10 %" or "5,00 €". */
export const discountText = formatCouponDiscount;

/** A coupon's state on a given day: off, not started yet, past its last day, used up, or live. */
export type CouponState = 'inactive' | 'scheduled' | 'expired' | 'usedUp' | 'active';

export function couponState(c: Coupon, nowSeconds: number): CouponState {
  if (c.status !== 1) return 'inactive';
  if (c.to_date && nowSeconds > c.to_date) return 'expired';
  if (c.from_date && nowSeconds < c.from_date) return 'scheduled';
  if (c.use_number_coupon && c.uses >= c.use_number_coupon) return 'usedUp';
  return 'active';
}

/** "3 / 10", or "3" when the uses are unlimited. */
export function usesText(c: Pick<Coupon, 'uses' | 'use_number_coupon'>): string {
  return c.use_number_coupon ? `${c.uses} / ${c.use_number_coupon}` : String(c.uses);
}

/** The last day, or "" when the coupon has none. */
export function expiryText(c: Pick<Coupon, 'to_date'>): string {
  return c.to_date ? formatDate(c.to_date) : '';
}

/** Coupons matching a typed text (code or description), newest first as the server sent them. */
export function filterCoupons(list: Coupon[], text: string): Coupon[] {
  const q = text.trim().toLowerCase();
  if (!q) return list;
  return list.filter((c) => c.code.toLowerCase().includes(q) || c.title.toLowerCase().includes(q));
}
