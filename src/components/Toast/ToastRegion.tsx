import { IconButton } from '../Button/Button';
import { CloseIcon, ErrorIcon, SuccessIcon } from '../Icon/Icon';
import * as s from './Toast.css';

export type ToastVariant = 'success' | 'error';

export interface ToastItem {
  id: string | number;
  message: string;
  variant: ToastVariant;
}

export interface ToastRegionProps {
  toasts: readonly ToastItem[];
  /** Shows a dismiss button on each toast. */
  onDismiss?: (id: ToastItem['id']) => void;
  dismissLabel: string;
  /** Names the region for screen readers. */
  label: string;
  placement?: 'top' | 'bottom';
}

/**
 * Lists toasts (spec §2: a message and a variant). Purely presentational: the toasts store decides when a
 * toast comes and goes. A success toast is a polite status message; an error is an alert.
 */
export function ToastRegion({ toasts, onDismiss, dismissLabel, label, placement = 'top' }: ToastRegionProps) {
  return (
    <section aria-label={label} className={`${s.region} ${s.placement[placement]}`}>
      <ol className={s.list}>
        {toasts.map((toast) => (
          <li key={toast.id} className={s.toast} data-variant={toast.variant}>
            <div
              className={s.message}
              role={toast.variant === 'error' ? 'alert' : 'status'}
              aria-live={toast.variant === 'error' ? 'assertive' : 'polite'}
              aria-atomic="true"
            >
              <span className={s.icon[toast.variant]}>
                {toast.variant === 'success' ? <SuccessIcon size={18} /> : <ErrorIcon size={18} />}
              </span>
              <span>{toast.message}</span>
            </div>
            {onDismiss ? (
              <IconButton
                aria-label={dismissLabel}
                icon={<CloseIcon size={16} />}
                size="sm"
                onClick={() => onDismiss(toast.id)}
              />
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
