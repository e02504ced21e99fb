import { CloseOutlined } from '@ant-design/icons';
import { Button, Drawer } from 'antd';
import type { ReactNode } from 'react';
import layout from './layout.module.css';
import { useIsDesktop } from './useMediaQuery';

/**
 * The panel of a list's selected row: an aside in the layout's workspace grid on wide screens, a
 * full-width drawer below 992 px. Test ids: `${testId}-panel`, `${testId}-drawer`, `panel-close`.
 */
export function SelectionPanel({
  open,
  title,
  closeLabel,
  onClose,
  testId,
  children,
  drawerChildren = children,
}: {
  open: boolean;
  title: string;
  closeLabel: string;
  onClose: () => void;
  testId: string;
  children: ReactNode;
  /** What the drawer shows, when it is more than the aside (actions the wide screen has elsewhere). */
  drawerChildren?: ReactNode;
}) {
  const isDesktop = useIsDesktop();
  if (isDesktop) {
    return open ? (
      <aside className={layout.panel} aria-label={title} data-testid={`${testId}-panel`}>
        <div className={layout.panelHead}>
          <span className={layout.panelTitle}>{title}</span>
          <Button type="text" icon={<CloseOutlined />} onClick={onClose} aria-label={closeLabel} data-testid="panel-close" />
        </div>
        {children}
      </aside>
    ) : null;
  }
  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="right"
      size="100%"
      title={title}
      destroyOnHidden
      className={layout.drawer}
      data-testid={`${testId}-drawer`}
    >
      {drawerChildren}
    </Drawer>
  );
}
