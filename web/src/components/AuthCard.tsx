/** The frame of the sign-in pages: brand, a card, the language switcher. */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { APP_VERSION, PRODUCT_NAME } from '../app/constants';
import { LanguageSwitcher } from './LanguageSwitcher';
import styles from './AuthCard.module.css';

export function BrandMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" className="brand-mark">
      <rect width="32" height="32" rx="7" fill="var(--primary-color)" />
      <path d="M9 8h4v7h6V8h4v16h-4v-6h-6v6H9z" fill="#fff" />
    </svg>
  );
}

export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: string; children: ReactNode; footer?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={styles.authPage}>
      <div className={styles.authTopbar}>
        <LanguageSwitcher />
      </div>
      <main className={styles.authCard}>
        <div className={styles.authBrand}>
          <BrandMark />
          <span className={styles.authBrandName}>{PRODUCT_NAME}</span>
        </div>
        <h1 className={styles.authTitle}>{title}</h1>
        {subtitle && <p className={styles.authSubtitle}>{subtitle}</p>}
        {children}
        {footer && <div className={styles.authFooter}>{footer}</div>}
      </main>
      <p className={styles.authVersion}>{t('app.version', { version: APP_VERSION })}</p>
    </div>
  );
}
