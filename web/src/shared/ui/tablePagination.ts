import type { TablePaginationConfig } from 'antd';
import layout from './layout.module.css';

/**
 * The pager under a staff table: no page-size changer, the layout's padding. Given `range`, it says
 * "from–to of total" on wide screens (`isDesktop`) and folds to the simple pager on narrow ones.
 */
export function tablePagination({
  isDesktop = false,
  range,
  ...config
}: TablePaginationConfig & {
  isDesktop?: boolean;
  range?: (from: number, to: number, total: number) => string;
}): TablePaginationConfig {
  return {
    showSizeChanger: false,
    ...(range && {
      size: isDesktop ? 'medium' : 'small',
      simple: !isDesktop,
      showTotal: isDesktop ? (total: number, [from, to]: [number, number]) => range(from, to, total) : undefined,
    }),
    className: layout.pagination,
    ...config,
  };
}
