import { Outlet } from 'react-router';
import styles from './app.module.css';
import { DialogProvider } from './dialogs';
import { ErrorDialogs } from './ErrorDialogs';
import { UpdateBar } from './UpdateBar';

/** Wraps every route: alert dialogs, central error handling and the update bar. */
export function RootLayout() {
  return (
    <DialogProvider>
      <div className={styles.app}>
        <ErrorDialogs />
        <UpdateBar />
        <div className={styles.main}>
          <Outlet />
        </div>
      </div>
    </DialogProvider>
  );
}
