import { Toaster as SonnerToaster } from 'sonner';
import 'sonner/dist/styles.css';

/** The app's toast region (sonner), bottom-right, styled to match the rest of the app. */
export function Toaster() {
  return (
    <SonnerToaster
      position="bottom-right"
      closeButton
      toastOptions={{
        classNames: {
          toast: 'font-sans text-sm shadow-lg ring-1 ring-gray-200',
          title: 'font-medium text-gray-900',
          description: 'text-gray-600',
        },
      }}
    />
  );
}
