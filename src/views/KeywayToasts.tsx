import { ToastRegion } from '../components/Toast/ToastRegion';
import { useToasts } from '../hooks/toasts/useToasts';

/** The toast region bound to the instance's toasts store. */
export function KeywayToasts() {
  const { toasts, dismiss } = useToasts();
  return <ToastRegion toasts={toasts} onDismiss={(id) => dismiss(Number(id))} />;
}
