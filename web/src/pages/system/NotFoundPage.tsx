import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import styles from './statusPage.module.css';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className={`${styles.centerPage} ${styles.statusPage}`}>
      <div className={styles.statusCode} data-testid="status-code">
        404
      </div>
      <h1>{t('notFound.title')}</h1>
      <p className="muted">{t('notFound.text')}</p>
      <Button label={t('notFound.home')} icon="pi pi-home" onClick={() => void navigate('/', { replace: true })} />
    </div>
  );
}
