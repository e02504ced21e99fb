import './i18n';
import {
  ApiOutlined,
  CameraOutlined,
  DisconnectOutlined,
  LockOutlined,
  SafetyCertificateOutlined,
  StopOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CameraProblem } from './cameraErrors';
import styles from './scan.module.css';

const ICONS: Record<CameraProblem, ReactNode> = {
  permission: <LockOutlined />,
  noCamera: <DisconnectOutlined />,
  insecure: <SafetyCertificateOutlined />,
  inUse: <StopOutlined />,
  unsuitable: <CameraOutlined />,
  unsupported: <ApiOutlined />,
  unknown: <WarningOutlined />,
};

/** A camera error of spec §8, said in the user's language, with a retry and optional extra actions. */
export function CameraProblemView({ problem, onRetry, extra }: { problem: CameraProblem; onRetry?: () => void; extra?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={styles.problem} role="alert" data-testid="camera-problem" data-problem={problem}>
      <div className={styles.problemIcon} aria-hidden="true">
        {ICONS[problem]}
      </div>
      <p className={styles.problemTitle}>{t(`scan.problems.${problem}.title`)}</p>
      <p className={styles.problemBody}>{t(`scan.problems.${problem}.body`)}</p>
      <div className={styles.problemActions}>
        {onRetry && problem !== 'insecure' && problem !== 'unsupported' && (
          <Button size="large" onClick={onRetry} data-testid="camera-retry">
            {t('scan.retry')}
          </Button>
        )}
        {extra}
      </div>
    </div>
  );
}
