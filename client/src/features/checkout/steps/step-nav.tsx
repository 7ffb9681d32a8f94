import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { routePath } from '../../../../../contract/paths';
import { useT } from '../../../hooks/use-locale';
import { STEPS, type Step } from '../checkout-state';
import styles from '../checkout.module.css';

export function StepList({ step }: { step: Step }) {
  const { t } = useT();
  const current = STEPS.indexOf(step);
  return (
    <nav aria-label={t('checkout.steps.label')} className={styles.steps}>
      <ol>
        {STEPS.map((s, i) => (
          <li key={s} aria-current={s === step ? 'step' : undefined} data-done={i < current ? '' : undefined}>
            <span className={styles.stepNumber} aria-hidden="true">
              {i + 1}
            </span>
            <span>
              <span className="visually-hidden">{t('checkout.steps.stepOf', { n: i + 1, total: STEPS.length })}: </span>
              {t(`checkout.steps.${s}`)}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}

export function StepLink({ step, children, className }: { step: Step; children: ReactNode; className?: string }) {
  const { locale } = useT();
  return (
    <Link to={routePath('checkout') as never} params={{ locale } as never} search={{ step } as never} className={className}>
      {children}
    </Link>
  );
}
