import { PrinterOutlined } from '@ant-design/icons';
import { Button, QRCode, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PrintOnly } from '../../../shared/ui/PrintOnly';
import { SheetModal } from '../../../shared/ui/SheetModal';
import { publicProductLink, type Product } from '../model';
import styles from '../catalog.module.css';

interface Props {
  club: number;
  product: Product | null;
  onClose: () => void;
}

/**
 * The product's QR code (spec §2): size 250, error level H, carrying the public link of the
 * product. Print sends only the code and the product title to the printer (a print-only copy in
 * the page, shown by the print stylesheet while everything else is hidden).
 */
export function QrModal({ club, product, onClose }: Props) {
  const { t } = useTranslation();
  if (!product) return null;
  const link = publicProductLink(window.location.origin, product.public_token, club);

  return (
    <>
      <SheetModal
        width={420}
        open
        onCancel={onClose}
        destroyOnHidden
        keyboard
        title={t('catalog.qr.title')}
        footer={
          <div className={styles.modalFooter}>
            <Button size="large" onClick={onClose}>
              {t('common.close')}
            </Button>
            <Button size="large" type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="qr-print">
              {t('catalog.qr.print')}
            </Button>
          </div>
        }
        data-testid="qr-modal"
      >
        <div className={styles.qrBody}>
          <div className={styles.qrFrame} data-testid="qr-code">
            <QRCode value={link} size={250} errorLevel="H" bordered={false} aria-label={product.titulo} />
          </div>
          <strong className={styles.qrTitle} data-testid="qr-title">
            {product.titulo}
          </strong>
          <p className={styles.qrHelp}>{t('catalog.qr.help')}</p>
          <Typography.Text className={styles.qrLink} copyable={{ text: link }} data-testid="qr-link">
            {link}
          </Typography.Text>
        </div>
      </SheetModal>
      <PrintOnly title={product.titulo} testId="qr-print-area">
        <QRCode value={link} size={250} errorLevel="H" bordered={false} type="svg" color="#000000" bgColor="#ffffff" aria-label={product.titulo} />
      </PrintOnly>
    </>
  );
}
