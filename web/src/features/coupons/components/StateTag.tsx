import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CouponState } from '../model';

const COLOURS: Record<CouponState, string> = {
  active: 'green',
  scheduled: 'blue',
  expired: 'default',
  usedUp: 'orange',
  inactive: 'default',
};

/** A coupon's state as a tag: active, not started, expired, used up or inactive. */
export function StateTag({ state }: { state: CouponState }) {
  const { t } = useTranslation();
  return (
    <Tag color={COLOURS[state]} bordered={false} data-testid="coupon-state" data-state={state}>
      {t(`coupons.state.${state}`)}
    </Tag>
  );
}
