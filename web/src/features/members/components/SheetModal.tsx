import { Modal, type ModalProps } from 'antd';
import layout from '../../../shared/ui/layout.module.css';
import { useIsDesktop } from '../../../shared/ui/useMediaQuery';
import styles from '../members.module.css';

/**
 * A dialog of the member screens: a centred modal on wide screens, a full-screen sheet below
 * 992 px (DESIGN.md). Escape closes it.
 */
export function SheetModal({ width = 640, rootClassName, ...props }: ModalProps) {
  const isDesktop = useIsDesktop();
  return (
    <Modal
      keyboard
      centered={isDesktop}
      destroyOnHidden
      {...props}
      width={isDesktop ? width : '100%'}
      rootClassName={`${isDesktop ? layout.dialog : styles.sheet} ${rootClassName ?? ''}`}
    />
  );
}
