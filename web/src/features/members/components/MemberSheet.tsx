import type { ModalProps } from 'antd';
import { SheetModal } from '../../../shared/ui/SheetModal';
import styles from '../members.module.css';

/**
 * The dialog of the member screens: rounded on wide screens, the members' own full-screen sheet
 * (sticky footer) below 992 px; its content is forgotten when it closes.
 */
export function MemberSheet(props: ModalProps) {
  return <SheetModal rounded ownSheetClassName={styles.sheet} destroyOnHidden {...props} />;
}
