import { Modal, type ModalProps } from 'antd';
import layout from './layout.module.css';
import styles from './sheet.module.css';
import { useIsDesktop } from './useMediaQuery';

/** What a screen's dialog takes from its opener: open or not, how to close it, what runs once it has closed. */
export interface DialogProps {
  open: boolean;
  onClose: () => void;
  afterClose?: () => void;
}

export interface SheetModalProps extends ModalProps {
  /** Wide screens: the app's rounded dialog corners (layout.module.css `dialog`). */
  rounded?: boolean;
  /** Narrow screens: a root class added to the shared sheet (a screen's own touch, e.g. a fixed height). */
  sheetClassName?: string;
  /**
   * Narrow screens: the root class of a screen's own full-screen sheet, used instead of the shared
   * sheet classes (the member screens' sheet, with its sticky footer).
   */
  ownSheetClassName?: string;
}

/**
 * The app's dialog: a centred modal of `width` on wide screens, a full-screen sheet below 992 px
 * (DESIGN.md). Escape closes it and focus stays inside while it is open, as in every antd Modal;
 * every other Modal prop passes through.
 */
export function SheetModal({ width = 520, rounded, sheetClassName, ownSheetClassName, rootClassName, ...props }: SheetModalProps) {
  const isDesktop = useIsDesktop();
  const root = (cls: string | undefined) => [cls, rootClassName].filter(Boolean).join(' ') || undefined;
  if (isDesktop) return <Modal keyboard {...props} width={width} centered rootClassName={root(rounded ? layout.dialog : undefined)} />;
  if (ownSheetClassName) return <Modal keyboard {...props} width="100%" centered={false} rootClassName={root(ownSheetClassName)} />;
  return (
    <Modal
      keyboard
      {...props}
      width="100vw"
      centered={false}
      className={[styles.sheet, props.className].filter(Boolean).join(' ')}
      wrapClassName={styles.sheetWrap}
      classNames={{ container: styles.sheetContainer, body: styles.sheetBody }}
      rootClassName={root(sheetClassName)}
    />
  );
}
