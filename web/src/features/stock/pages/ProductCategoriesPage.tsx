import '../i18n';
import { useState } from 'react';
import { ProductCategoriesModal } from '../components/ProductCategoriesModal';
import { useCloseDialogRoute } from '../useCloseDialogRoute';
import { useStockAccess } from '../useStockAccess';
import styles from '../stock.module.css';

/** Menu entry "productcategories": the product categories dialog over the shell. */
export default function ProductCategoriesPage() {
  const { clubId } = useStockAccess();
  const [open, setOpen] = useState(true);
  const close = useCloseDialogRoute();
  if (clubId === null) return null;
  return (
    <div className={styles.dialogBackdrop} data-testid="productcategories-page">
      <ProductCategoriesModal open={open} club={clubId} onClose={() => setOpen(false)} afterClose={close} />
    </div>
  );
}
