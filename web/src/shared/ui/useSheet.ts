import type { ModalProps } from 'antd';
import styles from './sheet.module.css';
import { useIsDesktop } from './useMediaQuery';

/**
 * Modal props that turn a dialog into a full-screen sheet below 992 px (DESIGN.md) and leave it a
 * centred dialog of `width` on wider screens. Spread them into an antd <Modal>.
 */
export function useSheet(width: ModalProps['width'] = 520): Pick<ModalProps, 'width' | 'centered' | 'className' | 'classNames' | 'wrapClassName'> {
  const isDesktop = useIsDesktop();
  if (isDesktop) return { width, centered: true };
  return {
    width: '100vw',
    centered: false,
    className: styles.sheet,
    wrapClassName: styles.sheetWrap,
    classNames: { container: styles.sheetContainer, body: styles.sheetBody },
  };
}
