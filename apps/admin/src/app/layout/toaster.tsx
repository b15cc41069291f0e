// Renders the toast store (raised by the API client and pages) as Polaris toasts. Must sit
// inside a Polaris Frame.
import { Toast } from '@shopify/polaris';
import { dismissToast, useToasts } from '../../lib/toast-store.js';

export function Toaster() {
  const toasts = useToasts();
  return (
    <>
      {toasts.map((toast) => (
        <Toast
          key={toast.id}
          content={toast.content}
          error={toast.error}
          duration={toast.duration}
          onDismiss={() => dismissToast(toast.id)}
        />
      ))}
    </>
  );
}
