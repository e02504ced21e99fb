import '../i18n';
import { useState } from 'react';
import layout from '../../../shared/ui/layout.module.css';
import { useCloseDialogRoute } from '../../../shared/ui/useCloseDialogRoute';
import { ProductCategoriesModal } from '../components/ProductCategoriesModal';

/** Menu entry "productcategories": the product categories dialog over the shell. */
export default function ProductCategoriesPage() {
  const [open, setOpen] = useState(true);
  const close = useCloseDialogRoute();
  return (
    <div className={layout.dialogBackdrop} data-testid="productcategories-page">
      <ProductCategoriesModal open={open} onClose={() => setOpen(false)} afterClose={close} />
    </div>
  );
}
