import '../i18n';
import { DialogRoute } from '../../../shared/ui/DialogRoute';
import { MemberCategoriesModal } from '../components/MemberCategoriesModal';

/** Menu entry "membercategories": the member categories dialog over the shell. */
export default function MemberCategoriesPage() {
  return <DialogRoute testId="membercategories-page">{(dialog) => <MemberCategoriesModal {...dialog} />}</DialogRoute>;
}
