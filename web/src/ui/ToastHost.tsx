import { Toast } from 'primereact/toast';
import { useCallback } from 'react';
import { registerToast } from './toastBus';
import styles from './ToastHost.module.css';

export function ToastHost() {
  const ref = useCallback((toast: Toast | null) => registerToast(toast), []);
  return <Toast ref={ref} position="top-center" className={styles.appToast} />;
}
