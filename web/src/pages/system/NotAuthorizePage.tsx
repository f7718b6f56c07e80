import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { logout } from '../../api/auth';
import { useSession } from '../../api/hooks';
import { landingPath } from '../../app/access';
import { PRODUCT_NAME } from '../../app/constants';
import styles from './statusPage.module.css';

export default function NotAuthorizePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const landing = session ? landingPath(session) : null;
  return (
    <div className={`${styles.centerPage} ${styles.statusPage}`}>
      <i className={`${styles.statusIcon} pi pi-lock`} aria-hidden="true" />
      <h1>{t('notAuthorize.title')}</h1>
      <p>{t('notAuthorize.text', { product: PRODUCT_NAME })}</p>
      <p className="muted">{t('notAuthorize.noPermission')}</p>
      <div className={styles.buttonRow}>
        {landing && landing !== '/not-authorize' && <Button label={t('notAuthorize.home')} icon="pi pi-home" onClick={() => void navigate(landing)} />}
        <Button
          label={session ? t('notAuthorize.switchAccount') : t('notAuthorize.signIn')}
          icon="pi pi-sign-in"
          outlined
          onClick={() => (session ? void logout() : void navigate('/login'))}
        />
      </div>
    </div>
  );
}
