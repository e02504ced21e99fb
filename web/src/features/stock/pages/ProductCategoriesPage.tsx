import '../i18n';
import { DialogRoute } from '../../../shared/ui/DialogRoute';
import { ProductCategoriesModal } from '../components/ProductCategoriesModal';

/** Menu entry "productcategories": the product categories dialog over the shell. */
export default function ProductCategoriesPage() {
  return <DialogRoute testId="productcategories-page">{(dialog) => <ProductCategoriesModal {...dialog} />}</DialogRoute>;
}
